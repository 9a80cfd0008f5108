// What a CLI command writes to and reads from, injected so tests run `main()` in-process.
import { readFileSync } from 'node:fs';

export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  readFile(path: string): string;
}

// A closed pipe (`fray run ... | head`) is not an error worth a stack trace.
for (const s of [process.stdout, process.stderr]) {
  s.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
}

export const processIO: CliIO = {
  out: (t) => process.stdout.write(t.endsWith('\n') ? t : `${t}\n`),
  err: (t) => process.stderr.write(t.endsWith('\n') ? t : `${t}\n`),
  readFile: (p) => readFileSync(p, 'utf8'),
};

/** Shared by every command: the IO and a way to set the exit code. */
export interface CliContext {
  io: CliIO;
  setExit(code: number): void;
}
