/**
 * The libraries' count lines: "{n} Studies Found" and "{n} Resources Available" as the product
 * words them, with the singular for one ("1 Study Found").
 */
export const studiesFound = (count: number) => `${count} ${count === 1 ? 'Study' : 'Studies'} Found`
export const resourcesAvailable = (count: number) => `${count} ${count === 1 ? 'Resource' : 'Resources'} Available`
