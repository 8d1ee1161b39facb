// Module Federation negotiates shared libraries before any of them runs: start asynchronously.
import('./bootstrap.js');
