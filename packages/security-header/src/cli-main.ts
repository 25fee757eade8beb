// Executable entry of the CLI (the bin shim loads the compiled copy of this file).
import { runCli } from "./cli.js";

process.exitCode = await runCli(process.argv.slice(2));
