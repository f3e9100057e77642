import app from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import { rootedLink, uiPath } from './notification-link';

const id = '0191f6a2-7c3e-7d4a-9b1c-2e3f4a5b6c7d';

describe('uiPath: the detail screen of the record a notification opens', () => {
  it.each([
    { role: 'customer', link: { entity: 'tickets', id }, path: `/tickets/${id}` },
    { role: 'agent', link: { entity: 'articles', id }, path: `/articles/${id}` },
    // No detail screen shows comments or teams: the app's home.
    { role: 'agent', link: { entity: 'comments', id }, path: '/' },
    { role: 'customer', link: null, path: '/' },
    { role: 'customer', link: { entity: 'tickets', id: 'a/b?c' }, path: '/tickets/a%2Fb%3Fc' },
  ])('$link.entity for a $role → $path', ({ role, link, path }) => {
    expect(uiPath(app, role, link)).toBe(path);
  });
});

describe('rootedLink: a link queued as a path is made absolute when sent', () => {
  it.each([
    { params: { link: '/tickets/1' }, url: 'https://desk.example/', link: 'https://desk.example/tickets/1' },
    { params: { link: '/' }, url: 'https://desk.example', link: 'https://desk.example/' },
    {
      params: { link: 'https://elsewhere.example/x' },
      url: 'https://desk.example',
      link: 'https://elsewhere.example/x',
    },
    // A protocol-relative path would leave the app's host.
    { params: { link: '//evil.example/x' }, url: 'https://desk.example', link: '//evil.example/x' },
    { params: { link: 7 }, url: 'https://desk.example', link: 7 },
  ])('$params.link on $url → $link', ({ params, url, link }) => {
    expect(rootedLink(params, url).link).toBe(link);
  });

  it('leaves params without a link as they are', () => {
    const params = { name: 'Ann' };
    expect(rootedLink(params, 'https://desk.example')).toBe(params);
  });
});
