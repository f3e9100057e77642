/**
 * A fetch over XMLHttpRequest, for the one thing fetch cannot tell: how far a request's body
 * has gone up (`xhr.upload.onprogress`). The transport drives it as it drives fetch, so the
 * token, the cookie (same origin), the problem → error mapping and aborts are the transport's.
 * Made for uploads only: the transport's request always has a method, headers and a body, and
 * an upload's answer always has a body (201 or a problem).
 */

/**
 * @example createTransport({ url, token, fetch: xhrFetch((loaded, total) => bar(loaded / total)) })
 */
export function xhrFetch(onSent: (loaded: number, total: number) => void): typeof fetch {
  return (input, init = {}) =>
    new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      const { signal } = init;
      signal?.throwIfAborted();
      // The transport always names the method and gives the url as a string.
      xhr.open(init.method as string, input as string);
      // The transport's headers are a plain object.
      const headers = init.headers as Record<string, string>;
      for (const name in headers) xhr.setRequestHeader(name, headers[name]!);
      // A Blob body (an upload's) always has its length.
      xhr.upload.onprogress = (e) => onSent(e.loaded, e.total);
      // The transport reads only the status and the body (an upload's answer always has one).
      xhr.onload = () => resolve(new Response(xhr.responseText, { status: xhr.status }));
      // No answer at all: the transport makes it a NETWORK error, an abort the signal's reason.
      xhr.onerror = xhr.onabort = reject;
      signal?.addEventListener('abort', () => xhr.abort());
      xhr.send(init.body as XMLHttpRequestBodyInit);
    });
}
