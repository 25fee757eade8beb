// For the verification pool's tests only (verification-pool.test.ts): the real worker, plus two marks a
// test can put in a request's XML. HOLD keeps the check waiting in its worker until the test releases
// it (a full pool, a task past its deadline); CRASH ends the worker thread under the check, as a fault
// in the runtime would. Never part of the build.
import { BroadcastChannel } from "node:worker_threads";
import verifyInWorker, { type VerificationAnswer, type VerificationTask } from "./verification-worker";

export const HOLD_MARK = "<!--hold-->";
export const CRASH_MARK = "<!--crash-->";
/** Held checks say "holding" on this channel once they wait; the test says "release" to let them all go. */
export const GATE_CHANNEL = "areaoe-verification-test-gate";

function released(): Promise<void> {
  const channel = new BroadcastChannel(GATE_CHANNEL);
  return new Promise((resolve) => {
    channel.onmessage = (event) => {
      if ((event as { data?: unknown }).data !== "release") return;
      channel.close();
      resolve();
    };
    channel.postMessage("holding");
  });
}

export default async function verifyForTests(task: VerificationTask): Promise<VerificationAnswer> {
  if (task.xml.includes(CRASH_MARK)) process.exit(70);
  if (task.xml.includes(HOLD_MARK)) await released();
  return verifyInWorker(task);
}
