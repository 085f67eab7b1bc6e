import { readFile } from 'node:fs/promises';
import { AppError } from '@brokerwise/errors';

/**
 * TEST HOOK (FAULT_INJECT_FILE): makes chosen event handlers throw, so tests and the smoke journey
 * can produce a poison message in a running deployment. It is only ever on when the process was
 * started with the setting; no request can turn it on. The file is read at every delivery and
 * holds lines `<durable>:<eventType>` (`#` starts a comment); while a line is there, that durable's
 * handler of that type fails. Remove the line (or the file) and the handler works again: a replay
 * of the dead letter (`npm run dlq -- replay`) is then handled.
 */
export class FaultInjection {
  readonly file: string;

  constructor(file: string) {
    this.file = file;
  }

  /** Throws when the file names this durable and event type. */
  async check(durable: string, type: string): Promise<void> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch {
      return; // no file: nothing injected
    }
    const wanted = `${durable}:${type}`;
    const hit = text.split('\n').some((line) => line.replace(/#.*/, '').trim() === wanted);
    if (hit) throw new AppError({ code: 'fault_injected', kind: 'internal', message: `fault injected by the test hook FAULT_INJECT_FILE (${this.file}) for ${wanted}` });
  }
}
