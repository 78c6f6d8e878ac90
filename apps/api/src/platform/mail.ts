import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly kind: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string | undefined;
  from: string;
  /** Where .eml files go when there is no SMTP server (DATA_DIR/outbox). */
  outboxDir: string;
}

export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: "smtp",
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
      close: () => transport.close(),
    };
  }

  // Without SMTP every message is rendered exactly as it would be sent and kept as an .eml file, so local
  // runs and tests can open the links; any mail client opens these files too.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  let sequence = 0;
  return {
    kind: "outbox",
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const recipient = message.to.replace(/[^A-Za-z0-9@._+-]/g, "_");
      // Two messages in the same millisecond must not overwrite each other.
      for (let attempt = 0; ; attempt++) {
        const suffix = attempt === 0 ? "" : `-${++sequence}`;
        const file = path.join(options.outboxDir, `${stamp}-${recipient}${suffix}.eml`);
        try {
          await writeFile(file, info.message as Buffer, { flag: "wx" });
          return;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 100) throw error;
        }
      }
    },
    close: () => transport.close(),
  };
}

/**
 * Work that must not delay or shape the response (sending mail after "forgot password" would otherwise reveal
 * through timing whether the account exists). Tracked so tests and shutdown can wait for it.
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Tasks started and not yet finished. */
  get size(): number {
    return this.pending.size;
  }

  run(name: string, task: () => Promise<void>): void {
    const promise = task()
      .catch((error: unknown) => this.log.error({ err: error }, `background task ${name} failed`))
      .finally(() => this.pending.delete(promise));
    this.pending.add(promise);
  }

  async flush(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
