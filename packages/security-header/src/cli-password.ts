import { SecurityHeaderError } from "./errors.js";
import { UsageError } from "./cli-args.js";

export class Interrupted extends Error {}

const MAX_STDIN_BYTES = 64 * 1024;

export interface PasswordSource {
  readonly stdin: NodeJS.ReadStream;
  readonly stderr: NodeJS.WritableStream;
}

/** From a hidden prompt on a terminal, else from standard input with --password-stdin. */
export async function readPassword(passwordStdin: boolean, io: PasswordSource): Promise<string> {
  if (io.stdin.isTTY) return promptHidden(io);
  if (!passwordStdin) {
    throw new UsageError("No password: standard input is not a terminal, so pipe the password and add --password-stdin");
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of io.stdin) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    size += bytes.length;
    if (size > MAX_STDIN_BYTES) throw new SecurityHeaderError("INVALID_PASSWORD", "Standard input is too long to be a password");
    chunks.push(bytes);
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new SecurityHeaderError("INVALID_PASSWORD", "The password on standard input is not valid UTF-8");
  }
  return text.replace(/\r?\n$/, ""); // one trailing newline only (echo adds one; CRLF on Windows)
}

/** Reads a line from the terminal without echoing it. */
function promptHidden({ stdin, stderr }: PasswordSource): Promise<string> {
  stderr.write("Password (not shown): ");
  stdin.setRawMode(true);
  stdin.setEncoding("utf8");
  stdin.resume();
  return new Promise((resolvePassword, reject) => {
    let value = "";
    const finish = () => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      stderr.write("\n");
    };
    function onData(chunk: string): void {
      if (chunk.startsWith("\u001b")) return; // arrow and function keys
      for (const char of chunk) {
        if (char === "\r" || char === "\n" || char === "\u0004" || char === "\u0003") {
          finish();
          if (char === "\u0003") reject(new Interrupted());
          else resolvePassword(value);
          return;
        }
        if (char === "\u007f" || char === "\b") value = Array.from(value).slice(0, -1).join("");
        else if (char === "\u0015") value = ""; // Ctrl-U
        else if (char >= " ") value += char;
      }
    }
    stdin.on("data", onData);
  });
}
