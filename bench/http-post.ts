// A lean HTTP client for the benches: node:http over one keep-alive connection, asking for compressed
// answers as a browser does, decoding and parsing them as a client must. Node's fetch (undici) spends
// several milliseconds of its own on a 120 kB answer (web streams, decompression through them), which a
// bench of the server would otherwise count as the server's time (docs/decisions.md).
import http from 'node:http';
import zlib from 'node:zlib';

/** `onHeaders` sees each answer's headers (the benches read Server-Timing from them). */
export function httpPoster(
  base: string,
  headers: Record<string, string>,
  onHeaders?: (headers: http.IncomingHttpHeaders) => void,
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  /** Posts `body` (JSON text, or a value to serialise) and answers the parsed JSON answer. */
  const post = (path: string, body: object | string) =>
    new Promise<unknown>((resolve, reject) => {
      const payload = typeof body === 'string' ? body : JSON.stringify(body);
      const request = http.request(
        `${base}${path}`,
        {
          method: 'POST',
          agent,
          headers: {
            ...headers,
            'accept-encoding': 'br, gzip',
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
          },
        },
        (res) => {
          onHeaders?.(res.headers);
          const parts: Buffer[] = [];
          res.on('data', (chunk: Buffer) => parts.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            let text: string;
            try {
              const raw = Buffer.concat(parts);
              const encoding = res.headers['content-encoding'];
              text = (
                encoding === 'br'
                  ? zlib.brotliDecompressSync(raw)
                  : encoding === 'gzip'
                    ? zlib.gunzipSync(raw)
                    : raw
              ).toString('utf8');
            } catch (error) {
              reject(new Error(`${path}: ${status}, an answer that could not be decoded: ${String(error)}`));
              return;
            }
            if (status >= 400) reject(new Error(`${path}: ${status} ${text.slice(0, 300)}`));
            else {
              try {
                resolve(JSON.parse(text));
              } catch {
                reject(new Error(`${path}: ${status}, not JSON: ${text.slice(0, 300)}`));
              }
            }
          });
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  return { post, close: () => agent.destroy() };
}
