import { render } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { I18nextProvider, Trans, i18nOptions, textTags } from './i18n';

const texts = {
  allowed:
    'Hello <strong>{{name}}</strong>,<br/>read <b>this</b> and <i>that</i>:' +
    '<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol><p>The end.</p>',
  forbidden:
    'A<script>alert(1)</script><img src="x" onerror="alert(1)"/>' +
    '<a href="javascript:alert(1)">link</a><b onclick="alert(1)" class="x">bold</b>' +
    '<div>block</div>',
  value: 'Sent to <strong>{{name}}</strong>',
};

function renderText(i18nKey: keyof typeof texts, values?: Record<string, string>) {
  const instance = i18next.createInstance();
  void instance.init({
    ...i18nOptions,
    lng: 'en',
    resources: { en: { common: texts } },
    initAsync: false,
  });
  return render(
    <I18nextProvider i18n={instance}>
      <div data-testid="text">
        <Trans i18nKey={i18nKey} values={values} />
      </div>
    </I18nextProvider>,
  ).getByTestId('text');
}

describe('a translated text with tags', () => {
  it('renders b, br, strong, i, ul, ol, li and p as elements', () => {
    const text = renderText('allowed', { name: 'Ada' });
    expect(text.innerHTML).toBe(
      'Hello <strong>Ada</strong>,<br>read <b>this</b> and <i>that</i>:' +
        '<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol><p>The end.</p>',
    );
    expect(new Set([...text.querySelectorAll('*')].map((element) => element.localName))).toEqual(
      new Set(textTags),
    );
  });

  it('renders any other tag as text, and the allowed ones without their attributes', () => {
    const text = renderText('forbidden');
    expect([...text.querySelectorAll('*')].map((element) => element.outerHTML)).toEqual([
      '<b>bold</b>',
    ]);
    expect(text.querySelector('script, img, a, div, [onclick], [onerror]')).toBeNull();
    expect(text.textContent).toContain('link');
    expect(text.textContent).toContain('block');
  });

  it('fills values in as text, tags included', () => {
    const text = renderText('value', { name: '<i>Eve</i><img src=x onerror="alert(1)">' });
    expect(text.querySelectorAll('*')).toHaveLength(1);
    expect(text.querySelector('strong')?.textContent).toBe(
      '<i>Eve</i><img src=x onerror="alert(1)">',
    );
  });
});
