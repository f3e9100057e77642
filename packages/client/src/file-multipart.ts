/**
 * A file as a `multipart/form-data` body of one part named `file`, made as a Blob of the
 * file and its framing: no byte of the file is read or copied to make it, so a large file
 * goes up from where it is (a browser's File, Node's `fs.openAsBlob`), and the same body
 * suits fetch and XMLHttpRequest alike.
 */

/** A body and the content type that names its boundary. */
export interface MultipartBody {
  readonly type: string;
  readonly body: Blob;
}

/**
 * @example const { type, body } = multipartFile(file); await fetch(url, { method: 'POST', headers: { 'content-type': type }, body });
 */
export function multipartFile(file: Blob & { readonly name?: string }): MultipartBody {
  // 52 random bits: a file that holds the boundary by chance is not to be expected.
  const boundary = `nf${Math.random()}`;
  // As browsers encode a name in form data: a quote or a line break cannot end the header.
  // No part type: the server decides the type from the content, never from the client's word.
  const name = (file.name || 'file').replace(/[\r\n"]/g, encodeURIComponent);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n`;
  return {
    type: `multipart/form-data; boundary=${boundary}`,
    body: new Blob([head, file, `\r\n--${boundary}--\r\n`]),
  };
}
