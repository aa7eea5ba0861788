/**
 * Calls `onEvent` with the type and data of each event of a text/event-stream body as it comes,
 * until the stream ends (or rejects, when its fetch is aborted).
 */
export async function forEachServerSentEvent(
  body: NonNullable<Response['body']>,
  onEvent: (type: string, data: string) => void,
): Promise<void> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = /^data: ?(.*)$/m.exec(block)?.[1];
      if (data !== undefined) onEvent(/^event: ?(.*)$/m.exec(block)?.[1] ?? 'message', data);
    }
  }
}
