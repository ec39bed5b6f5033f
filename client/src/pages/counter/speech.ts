/**
 * The spoken call of a pickup code, where the browser has speech synthesis
 * (a till's Chromium on Linux often has no voice installed: then nothing is
 * said and the big code on the board is the call). `lang` is the page's
 * language as a BCP 47 tag.
 */
export function canSpeak(): boolean {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && typeof SpeechSynthesisUtterance === 'function';
}

/** Speaks the text once; returns whether the browser took it. */
export function speak(text: string, lang: string): boolean {
  if (!canSpeak()) return false;
  const u = new SpeechSynthesisUtterance(text);
  u.lang = lang;
  u.rate = 0.9;
  window.speechSynthesis.speak(u);
  return true;
}

/** The page's language (es, en, zh) as a speech tag: Lima's Spanish, mainland Chinese. */
export function speechLang(language: string): string {
  if (language.startsWith('zh')) return 'zh-CN';
  if (language.startsWith('en')) return 'en-US';
  return 'es-PE';
}

/** A pickup code read digit by digit ("042" → "0 4 2"), so a voice never says "forty-two". */
export function spokenCode(code: string): string {
  return code.split('').join(' ');
}
