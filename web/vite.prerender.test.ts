import { describe, expect, test } from 'vitest';
import { pageHtml, prerenderedFile, shellHtml } from './vite.prerender';

const shell = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index-1.js"></script>
<script type="application/json" id="vagas-boot">{"preload":{}}</script>
<script src="/assets/boot-1.js" defer></script>
</head><body><div id="root">
  <!--app:start--><div class="boot">spinner</div><!--app:end-->
</div></body></html>`;

const page = {
  shell,
  route: '/conecta',
  appHtml: '<h1>Vagas de Call Center</h1>',
  boot: { preload: { '/x': ['/assets/X-1.js?x=</script>'] } },
  assets: ['/assets/Page-1.js', '/assets/Page-1.css'],
};

describe('pageHtml', () => {
  test('puts the page in #root, marked with its route, instead of the boot spinner', () => {
    const html = pageHtml({ ...page, scripts: 'eager' });
    expect(html).toContain(
      '<div id="root" data-prerendered="/conecta"><h1>Vagas de Call Center</h1></div>',
    );
    expect(html).not.toContain('spinner');
    expect(html).not.toContain('{"preload":{}}');
    // The page's data replaces the shell's, `<` escaped so it cannot end the element early.
    expect(html).toContain(
      '<script type="application/json" id="vagas-boot">{"preload":{"/x":["/assets/X-1.js?x=\\u003c/script>"]}}</script>',
    );
    expect(html).toContain('<script src="/assets/boot-1.js" defer></script>');
    // Nothing is read from Firestore before the app (App Check: no token yet).
    expect(html).not.toContain('rel="preload" as="fetch"');
    expect(html).not.toMatch(/<script>/);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/Page-1.css">');
  });

  test('eager: the entry script and the chunks preloaded in the HTML', () => {
    const html = pageHtml({ ...page, scripts: 'eager' });
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/Page-1.js">');
    // The boot script (parser-blocking) is requested before the page's styles and chunks.
    const boot = html.indexOf('/assets/boot-1.js');
    expect(boot).toBeLessThan(html.indexOf('/assets/Page-1.css'));
    expect(boot).toBeLessThan(html.indexOf('<script type="module"'));
  });

  test('after-paint: no script or preload tag, the boot data lists them for the boot script', () => {
    const html = pageHtml({ ...page, boot: {}, scripts: 'after-paint' });
    expect(html).not.toMatch(/<script type="module"/);
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).toContain(
      '{"afterPaint":{"entry":"/assets/index-1.js","chunks":["/assets/Page-1.js"]}}',
    );
  });

  test('a shell without the markers is an error, not a silent non-prerender', () => {
    expect(() => pageHtml({ ...page, shell: '<div id="root"></div>', scripts: 'eager' })).toThrow(
      /app:start/,
    );
    const noBootData = shell.replace(/<script type="application\/json"[^]*?<\/script>/, '');
    expect(() => pageHtml({ ...page, shell: noBootData, scripts: 'eager' })).toThrow(/boot data/);
  });
});

test('prerenderedFile', () => {
  expect(prerenderedFile('/')).toBe('index.html');
  expect(prerenderedFile('/conecta')).toBe('conecta.html');
});

describe('shellHtml', () => {
  test('runs the early modules as async module scripts ahead of the entry', () => {
    const html = shellHtml(shell, [{ src: '/assets/auth-1.js', imports: ['/assets/app-1.js'] }]);
    const early = html.indexOf(
      '<script type="module" crossorigin async src="/assets/auth-1.js"></script>',
    );
    const entry = html.indexOf('<script type="module" crossorigin src="/assets/index-1.js">');
    expect(early).toBeGreaterThan(-1);
    expect(entry).toBeGreaterThan(early);
    // Its own imports are fetched with it, not once it has been parsed.
    const preload = html.indexOf('<link rel="modulepreload" crossorigin href="/assets/app-1.js">');
    expect(preload).toBeGreaterThan(early);
    expect(entry).toBeGreaterThan(preload);
    // Everything else is the shell as built: the spinner, the boot data and script.
    expect(
      html
        .replace(/<script[^>]*async[^>]*><\/script>\s*/, '')
        .replace(/<link rel="modulepreload"[^>]*>\s*/, ''),
    ).toBe(shell);
  });

  test('leaves the shell as it is without early modules', () => {
    expect(shellHtml(shell, [])).toBe(shell);
  });
});
