import { existsSync } from 'node:fs';

// Flags every run needs here: no sandbox as root, and no calls home on a closed network.
const COMMON_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];

/** System Chromium when present (CHROMIUM_PATH or /usr/bin/chromium), else the npm build. */
export async function findChromium(): Promise<{ path: string; kind: 'system' | 'sparticuz' }> {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const candidate of candidates) {
    if (candidate && existsSync(candidate)) return { path: candidate, kind: 'system' };
  }
  const { default: chromium } = await import('@sparticuz/chromium');
  return { path: await chromium.executablePath(), kind: 'sparticuz' };
}

export function browserArgs(kind: string | undefined): string[] {
  if (kind !== 'sparticuz') return COMMON_ARGS;
  // The npm build is made for serverless hosts: it has no GPU stack, so it renders through
  // SwiftShader. Its single-process flags are left out: they crash when contexts close.
  const sparticuzArgs = [
    '--use-gl=angle',
    '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader',
    '--font-render-hinting=none',
    '--disable-features=AudioServiceOutOfProcess',
  ];
  return [...COMMON_ARGS, ...sparticuzArgs];
}
