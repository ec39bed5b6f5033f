import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Icon } from '../../ui/icons.tsx';
import { useView } from '../../sync/view.ts';
import { boardColumns } from './counter-takeouts.ts';
import { COUNTER_ORDERS_PATH } from './paths.ts';
import { canSpeak, speak, spokenCode, speechLang } from './speech.ts';
import './counter.css';

/** Past this many codes in a column the type shrinks, so a busy evening's codes all stay on the screen. */
const MANY = 9;

/**
 * `/pages/oder_food/board` (issue 21, not in SPEC.md): the pickup board for a
 * screen at the counter, without the left window. Codes "preparing" and
 * "ready" in type readable from 3 metres, live from the replica (a code moves
 * when the kitchen display bumps the last line or the cashier marks it ready,
 * and leaves when it is handed over). Where the browser has a voice, a tap
 * turns on the spoken call of each code that becomes ready (a browser only
 * speaks after a tap on the page).
 */
export function PickupBoardPage() {
  const { t, i18n } = useTranslation();
  const { state } = useView();
  const [voice, setVoice] = useState(false);
  const columns = state ? boardColumns(state) : { preparing: [], ready: [] };
  const readyCodes = columns.ready.map((x) => x.pickupCode);
  const announced = useRef<Set<string> | null>(null);

  useEffect(() => {
    // The codes ready when the board opens (or the voice is turned on) are not called again.
    if (announced.current === null || !voice) {
      announced.current = new Set(readyCodes);
      return;
    }
    for (const code of readyCodes) {
      if (announced.current.has(code)) continue;
      announced.current.add(code);
      speak(t('counter.speech', { code: spokenCode(code) }), speechLang(i18n.language));
    }
  }, [readyCodes.join(','), voice]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div className="pickup-board" data-testid="pickup-board">
      <section className={`board-col board-preparing${columns.preparing.length > MANY ? ' many' : ''}`} data-testid="board-preparing">
        <h1>{t('counter.boardPreparing')}</h1>
        <ul>
          {columns.preparing.map((x) => (
            <li key={x.id} data-testid={`board-code-${x.pickupCode}`}>
              {x.pickupCode}
            </li>
          ))}
        </ul>
      </section>
      <section className={`board-col board-ready${columns.ready.length > MANY ? ' many' : ''}`} data-testid="board-ready">
        <h1>{t('counter.boardReady')}</h1>
        <ul>
          {columns.ready.map((x) => (
            <li key={x.id} data-testid={`board-code-${x.pickupCode}`}>
              {x.pickupCode}
            </li>
          ))}
        </ul>
      </section>
      {/* Discreet, for a till that opened the board by mistake: the board itself has no left window. */}
      <Link href={COUNTER_ORDERS_PATH} className="board-back" aria-label={t('counter.orders')} data-testid="board-back">
        <Icon name="arrowLeft" />
      </Link>
      {canSpeak() && (
        <button className={`board-voice${voice ? ' on' : ''}`} aria-pressed={voice} onClick={() => setVoice(!voice)} data-testid="board-voice">
          {t('counter.speak')}
        </button>
      )}
    </div>
  );
}
