// `npm run dev`: the server with reload on :8080 and Vite with hot reload on :5173 (it proxies the API).
import { spawn } from 'node:child_process';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const children = [
  spawn(npm, ['run', 'dev', '--workspace', '@lab/server'], { stdio: 'inherit' }),
  spawn(npm, ['run', 'dev', '--workspace', '@lab/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) =>
  child.on('exit', (code) => {
    if (code) {
      stop();
      process.exitCode = code;
    }
  }),
);
console.log('Open http://localhost:5173/static/v2/collection.html (API on http://localhost:8080)');
