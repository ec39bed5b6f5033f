import { describe, expect, test } from 'vitest';
import { el, escapeAttr, escapeText, leaf, writeXml } from './xml-writer.ts';

describe('escaping', () => {
  test.each([
    ['markup', 'a < b & c > d', 'a &lt; b &amp; c &gt; d'],
    ['an entity typed by hand stays text', '&amp;', '&amp;amp;'],
    ['CDATA end cannot close anything', 'x ]]> y', 'x ]]&gt; y'],
    ['accents pass as they are', 'Ají de gallina, Pollería Ñaña', 'Ají de gallina, Pollería Ñaña'],
    ['Chinese passes as it is', '宫保鸡丁 李记餐厅', '宫保鸡丁 李记餐厅'],
    ['an emoji (surrogate pair) passes', 'Pisco 🍸', 'Pisco 🍸'],
    ['control characters XML cannot carry are dropped', 'a\u0000b\u0007c\u001Fd', 'abcd'],
    ['tab and newline stay in text', 'a\tb\nc', 'a\tb\nc'],
    ['a lone surrogate is dropped', 'a\uD800b\uDC00c', 'abc'],
  ])('%s', (_name, input, expected) => {
    expect(escapeText(input)).toBe(expected);
  });

  test.each([
    ['quotes', 'say "hi"', 'say &quot;hi&quot;'],
    ['tab and newline as references', 'a\tb\nc\rd', 'a&#9;b&#10;c&#13;d'],
    ['markup', '<&>', '&lt;&amp;&gt;'],
  ])('attribute: %s', (_name, input, expected) => {
    expect(escapeAttr(input)).toBe(expected);
  });
});

describe('writeXml', () => {
  test('writes the declaration, nests, escapes, and drops empty slots', () => {
    const xml = writeXml(el('r', { xmlns: 'urn:x', a: '"&"' }, leaf('t', '<x>'), false, undefined, el('e', {}), [leaf('u', '1'), null]));
    expect(xml).toBe([
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<r xmlns="urn:x" a="&quot;&amp;&quot;">',
      '  <t>&lt;x&gt;</t>',
      '  <e/>',
      '  <u>1</u>',
      '</r>',
      '',
    ].join('\n'));
  });

  test('an empty text is an element with empty content, not an empty element slot', () => {
    expect(writeXml(leaf('t', ''))).toContain('<t></t>');
  });
});
