// What arrived after the last line read: piped input may bring several lines in one chunk.
let pending = '';

/**
 * Reads one line from the terminal without echoing it (a password). From a pipe (a script,
 * a test) it reads the next line of standard input as it is.
 */
export function readHiddenLine(prompt: string): Promise<string> {
  process.stdout.write(prompt);
  const input = process.stdin;
  const raw = input.isTTY;
  return new Promise((resolve) => {
    let line = '';
    const finish = (rest: string) => {
      input.off('data', take);
      input.removeAllListeners('end');
      if (raw) input.setRawMode(false);
      input.pause();
      pending = rest;
      process.stdout.write('\n');
      resolve(line);
    };
    function take(chunk: string): boolean {
      for (let i = 0; i < chunk.length; i++) {
        const char = chunk[i]!;
        if (char === '\u0003') process.exit(130); // Ctrl+C, which raw mode no longer turns into a signal
        if (char === '\r' || char === '\n') {
          finish(chunk.slice(i + (char === '\r' && chunk[i + 1] === '\n' ? 2 : 1)));
          return true;
        }
        line = char === '\u007f' || char === '\b' ? line.slice(0, -1) : line + char;
      }
      return false;
    }
    const buffered = pending;
    pending = '';
    if (take(buffered)) return;
    if (raw) input.setRawMode(true);
    input.setEncoding('utf8');
    input.on('data', take);
    input.once('end', () => finish(''));
    input.resume();
  });
}
