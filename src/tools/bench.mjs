// `npm run bench`: the built server against a bare Fastify anchor, first loads, memory, Lighthouse
// and the phone table, with a PASS or FAIL per target (bench-compare.mjs, bench-phone.mjs).
// `npm run bench -- --load` and `--soak` (or BENCH_MODE=load|soak): many URLs at once, with an errors
// verdict and, for soak, a memory-growth one (bench-load.mjs). `npm run bench -- --phone` (or
// --only=phone, BENCH_MODE=phone): the phone table alone. Never part of the tests.
const args = process.argv.slice(2)
const { wantsPhoneOnly, runPhoneBench } = await import('./bench-phone.mjs')
if (wantsPhoneOnly(args)) process.exit(await runPhoneBench(args))
const loadMode = args.includes('--load') || args.includes('--soak') || Boolean(process.env.BENCH_MODE)
const { runLoadBench } = await import('./bench-load.mjs')
const { runCompareBench } = await import('./bench-compare.mjs')
process.exit(await (loadMode ? runLoadBench(args) : runCompareBench(args)))
