import { useTranslation } from 'react-i18next';
import { useView } from '../../sync/view.ts';
import { exampleCurl, exampleDish, exampleOrder } from './intake-view.ts';

/** "How to send an order": for the shop's developer, with this hub's address and a dish of this menu. */
export function HowToCall() {
  const { t } = useTranslation();
  const { state } = useView();
  const origin = window.location.origin;
  return (
    <section className="panel intake-how" data-testid="intake-how">
      <h2>{t('intake.howTitle')}</h2>
      <p>{t('intake.howIntro')}</p>
      <p>{t('intake.howMenu')}</p>
      <pre className="intake-pre">{`curl ${origin}/api/intake/menu \\\n  -H "Authorization: Bearer posk_…"`}</pre>
      <p>{t('intake.howOrder')}</p>
      <pre className="intake-pre">{exampleCurl(origin)}</pre>
      <pre className="intake-pre" data-testid="intake-example">
        {exampleOrder(state ? exampleDish(state.products) : null)}
      </pre>
      <p>{t('intake.howAnswer')}</p>
      <p className="hint">{t('intake.howReadme')}</p>
    </section>
  );
}
