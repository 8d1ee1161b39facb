// Module Federation negotiates shared libraries before any of them runs: start asynchronously.
// The import starts in a task of its own: evaluating this entry (with the federation runtime) and
// negotiating and requesting the shared libraries are each a long task on a slow phone, and run
// together they would keep a tap waiting for both.
setTimeout(() => void import('./bootstrap.js'), 0);
