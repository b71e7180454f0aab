// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { render, type Rendered } from '../../test/render';
import { captureFirstFrame, FirstFrameOr } from './first-frame';

describe('FirstFrameOr', () => {
  let rendered: Rendered | undefined;
  afterEach(() => {
    rendered?.unmount();
    window.history.replaceState(null, '', '/');
  });

  function capture(html: string) {
    const root = document.createElement('div');
    root.innerHTML = html;
    captureFirstFrame(root);
  }

  it('renders the frame the page came with while still at its address', () => {
    window.history.replaceState(null, '', '/posts/');
    capture('<div inert=""><h1>Posts</h1></div>');
    rendered = render(<FirstFrameOr fallback={<p>Loading</p>} />);
    expect(rendered.container.querySelector('h1')?.textContent).toBe('Posts');
    expect(rendered.container.textContent).not.toContain('Loading');
  });

  it('renders the fallback at another address, or when the page came without a frame', () => {
    window.history.replaceState(null, '', '/posts');
    capture('<h1>Posts</h1>');
    window.history.replaceState(null, '', '/companies');
    rendered = render(<FirstFrameOr fallback={<p>Loading</p>} />);
    expect(rendered.container.textContent).toBe('Loading');
    rendered.unmount();

    window.history.replaceState(null, '', '/posts');
    capture('  ');
    rendered = render(<FirstFrameOr fallback={<p>Loading</p>} />);
    expect(rendered.container.textContent).toBe('Loading');
  });
});
