/**
 * The V8 flags the API's node process is started with, wherever it runs for real (`npm start`,
 * the API's own `npm start`, the container's CMD) and wherever its memory is measured (the
 * trials, the benchmarks, the upload suites); test/deployment.spec.ts holds the start commands to
 * it. On the command line because Node refuses this flag in NODE_OPTIONS.
 *
 * The heap may grow by a fifth over what it held after a full garbage collection before the next
 * one (V8's `--heap-growing-percent`); V8's own factor lets a busy process's heap double or more
 * first. The server holds about 100 MB of live objects: with V8's factor the process grew from
 * 165 MB at start to 215–285 MB over the admin benchmark's requests, and a 500,000-row CSV export
 * took it past 300 MB; with a fifth it stays near 190 MB and the export peaks near 205 MB, with no
 * change in the lists' response times.
 */
export const SERVER_NODE_FLAGS = ['--heap-growing-percent=20'];
