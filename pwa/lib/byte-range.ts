// Media elements ask for videos a range at a time (`Range: bytes=0-`, then wherever the
// viewer seeks). A cached response is the whole file; the service worker answers such a
// request with the part asked for (206), as the server would, so a video cached on one
// visit plays and seeks offline on the next. Pure: it takes and gives platform Responses.

/** The part of `whole` that `range` asks for: 206 with its Content-Range, 416 when it lies outside; `whole` when no range is asked. */
export async function rangeOf(range: string | null, whole: Response): Promise<Response> {
  if (!range) return whole;
  const blob = await whole.blob();
  const size = blob.size;
  const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  const unsatisfiable = () => new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${size}` } });
  if (!match || (match[1] === '' && match[2] === '')) return unsatisfiable();
  // "bytes=-500" is the last 500 bytes; "bytes=100-" runs to the end.
  const start = match[1] === '' ? Math.max(0, size - Number(match[2])) : Number(match[1]);
  const end = match[1] === '' || match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || start > end) return unsatisfiable();
  const part = blob.slice(start, end + 1);
  return new Response(part, {
    status: 206,
    headers: {
      'Content-Type': whole.headers.get('Content-Type') ?? 'application/octet-stream',
      'Content-Range': `bytes ${start}-${end}/${size}`,
      'Content-Length': String(part.size),
      'Accept-Ranges': 'bytes',
    },
  });
}
