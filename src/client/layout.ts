/**
 * Height of the fixed site header. Whatever opens a page pads its top by this much so the header
 * does not cover it.
 */
export const HEADER_HEIGHT_PX = 72
