// A Vitest reporter for `npm test`'s table of the slowest files: each file's wall time from
// the moment its worker takes it to its end, so its hooks count (a browser suite's server and
// browser, a suite's databases and fixtures), which the JSON report's per-file times, spanning
// only the tests, leave out. Written as JSON to VITEST_FILE_TIMINGS when the run ends.
import { writeFileSync } from 'node:fs';

export default class FileTimingsReporter {
  started = new Map();
  files = [];

  onTestModuleQueued(testModule) {
    this.started.set(testModule.moduleId, Date.now());
  }

  onTestModuleEnd(testModule) {
    const start = this.started.get(testModule.moduleId);
    if (start === undefined) return;
    this.files.push({ file: testModule.moduleId, project: testModule.project.name, start, end: Date.now() });
  }

  onTestRunEnd() {
    const out = process.env.VITEST_FILE_TIMINGS;
    if (out) writeFileSync(out, JSON.stringify(this.files));
  }
}
