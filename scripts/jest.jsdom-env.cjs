// jsdom with Node's own fetch API (RTK Query needs fetch/Request/Response, and an AbortSignal
// that Node's Request accepts).
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const { fetch, Request, Response, Headers, FormData, AbortController, AbortSignal } =
      globalThis;
    Object.assign(this.global, {
      fetch,
      Request,
      Response,
      Headers,
      FormData,
      AbortController,
      AbortSignal,
    });
    Object.assign(this.global, { TextEncoder, TextDecoder, structuredClone, ReadableStream });
  }
}

module.exports = JsdomWithFetch;
