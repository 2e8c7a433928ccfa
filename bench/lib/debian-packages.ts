import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * A Debian package the scale test and the benches need (nginx, PostgreSQL): installed with apt-get when its binary is
 * missing and this runs as root (CI, a fresh container; issue 27: "installing nginx or HAProxy and PostgreSQL itself
 * when missing"), the package lists fetched first when apt-get has none; otherwise the error says the command to run.
 */
export function installWhenMissing(binary: string, debianPackage: string, log: (message: string) => void, hint = ''): void {
  if (fs.existsSync(binary)) return;
  if (process.getuid?.() !== 0)
    throw new Error(`${debianPackage} is not installed (${binary}): run \`sudo apt-get install -y ${debianPackage}\`${hint}, then again.`);
  log(`installing ${debianPackage} (apt-get install -y ${debianPackage})`);
  const aptGet = (args: readonly string[]) =>
    execFileSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  try {
    aptGet(['install', '-y', '--no-install-recommends', debianPackage]);
  } catch {
    // A fresh container's apt has no package lists yet.
    aptGet(['update']);
    aptGet(['install', '-y', '--no-install-recommends', debianPackage]);
  }
  if (!fs.existsSync(binary)) throw new Error(`apt-get installed ${debianPackage} but ${binary} is still missing`);
}
