import type { Connection } from 'vscode-languageserver';
import type { Progress } from './workspaceChecker';

/** Work-done progress in the client ("Checking Nethercore ZX files: 120/1000"), if it has it. */
export async function beginWorkDoneProgress(connection: Connection, supported: boolean, title: string): Promise<Progress> {
  if (!supported) return { report: () => undefined, done: () => undefined };
  const reporter = await connection.window.createWorkDoneProgress();
  reporter.begin(title, 0, undefined, false);
  let lastPercent = -1;
  return {
    report: (done, total) => {
      const percent = total > 0 ? Math.floor((done / total) * 100) : 100;
      if (percent === lastPercent) return;
      lastPercent = percent;
      reporter.report(percent, `${done}/${total} files`);
    },
    done: () => reporter.done(),
  };
}
