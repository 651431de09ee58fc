import { describe, expect, test } from 'vitest';
import { pageHtml, prerenderedFile } from './vite.prerender';

const shell = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index-1.js"></script>
<script data-route-preload>(function(m){})({})</script>
</head><body><div id="root">
  <!--app:start--><div class="boot">spinner</div><!--app:end-->
</div></body></html>`;

const page = {
  shell,
  route: '/conecta',
  appHtml: '<h1>Vagas de Call Center</h1>',
  head: '<script>early()</script>',
  assets: ['/assets/Page-1.js', '/assets/Page-1.css'],
};

describe('pageHtml', () => {
  test('puts the page in #root, marked with its route, instead of the boot spinner', () => {
    const html = pageHtml({ ...page, scripts: 'eager' });
    expect(html).toContain(
      '<div id="root" data-prerendered="/conecta"><h1>Vagas de Call Center</h1></div>',
    );
    expect(html).not.toContain('spinner');
    expect(html).not.toContain('data-route-preload');
    expect(html).toContain('<script>early()</script>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/Page-1.css">');
  });

  test('eager: the entry script and the chunks preloaded in the HTML', () => {
    const html = pageHtml({ ...page, scripts: 'eager' });
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/Page-1.js">');
  });

  test('after-paint: no script or preload tag, an inline loader requests them', () => {
    const html = pageHtml({ ...page, scripts: 'after-paint' });
    expect(html).not.toMatch(/<script type="module"/);
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).toContain('requestAnimationFrame');
    expect(html).toContain('"/assets/index-1.js"');
    expect(html).toContain('["/assets/Page-1.js"]');
  });

  test('a shell without the markers is an error, not a silent non-prerender', () => {
    expect(() => pageHtml({ ...page, shell: '<div id="root"></div>', scripts: 'eager' })).toThrow(
      /app:start/,
    );
  });
});

test('prerenderedFile', () => {
  expect(prerenderedFile('/')).toBe('index.html');
  expect(prerenderedFile('/conecta')).toBe('conecta.html');
});
