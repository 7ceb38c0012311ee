#!/usr/bin/env node
// The `paygate` command of the npm package: finds the binary of this
// platform's package (@paygate/cli-<platform>-<arch>, an optional dependency
// npm installs only where its `os` and `cpu` match, as esbuild and biome do)
// and runs it with this process's arguments, stdio, signals and exit code.
"use strict";
const { spawn } = require("node:child_process");

const name = `@paygate/cli-${process.platform}-${process.arch}`;
let binary;
try {
  binary = require.resolve(`${name}/bin/paygate`);
} catch {
  console.error(
    `paygate: no binary for ${process.platform}-${process.arch}: ${name} is not installed ` +
      "(published for linux-x64 and linux-arm64; elsewhere build it: cargo build --release --locked)",
  );
  process.exit(1);
}
const child = spawn(binary, process.argv.slice(2), { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => child.kill(signal));
}
child.on("error", (error) => {
  console.error(`paygate: cannot run ${binary}: ${error.message}`);
  process.exit(1);
});
child.on("exit", (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});
