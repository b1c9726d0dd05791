import { exec, execFile, execFileSync, execSync, spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { isAllowedProgram, refuseOutsidePrograms } from './no-outside-programs';

// The setup file installs the check for every server test; installing it here too (it installs once)
// keeps this file's proof standing when run on its own.
refuseOutsidePrograms();

const run = promisify(execFile);

describe('tests start no program outside Node and node_modules', () => {
  it('refuses a system program through every launcher, naming it', () => {
    expect(() => execFile('pdftotext', ['-layout', 'a.pdf', '-'])).toThrow(/'pdftotext'/);
    expect(() => execFile('ls')).toThrow(/'ls'/);
    expect(() => spawn('/usr/bin/ls', ['-la'])).toThrow(/'\/usr\/bin\/ls'/);
    expect(() => spawnSync('pdftoppm', ['-v'])).toThrow(/'pdftoppm'/);
    expect(() => execFileSync('ls')).toThrow(/'ls'/);
    expect(() => exec('ls -la')).toThrow(/'ls'/);
    expect(() => execSync('LANG=C pdftotext -v')).toThrow(/'pdftotext'/);
    // A shell line is checked command by command; a shell option makes the command one.
    expect(() => execSync('node -e 0 && ls')).toThrow(/'ls'/);
    expect(() => spawn('node -e 0; ls', { shell: true })).toThrow(/'ls'/);
    expect(() => run('pdftotext', ['-v'])).toThrow(/'pdftotext'/);
  });

  it('lets Node run, by its path or its name, and a program inside node_modules', async () => {
    expect((await run(process.execPath, ['-e', 'process.stdout.write("by path")'])).stdout).toBe('by path');
    expect((await run('node', ['-e', 'process.stdout.write("by name")'])).stdout).toBe('by name');
    expect(execSync('node -e "process.stdout.write(String(6 * 7))"').toString()).toBe('42');
    const esbuild = createRequire(import.meta.url).resolve('esbuild/bin/esbuild');
    expect(execFileSync(esbuild, ['--version']).toString()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('judges a path by where it points', () => {
    expect(isAllowedProgram('./node_modules/.bin/tsc', '/work/repo')).toBe(true);
    expect(isAllowedProgram('../../node_modules/.bin/tsc', '/work/repo/packages/server')).toBe(true);
    expect(isAllowedProgram('/work/repo/node_modules_old/ls')).toBe(false);
    expect(isAllowedProgram('/usr/bin/node-modules')).toBe(false);
    expect(isAllowedProgram('tsc')).toBe(false);
  });
});
