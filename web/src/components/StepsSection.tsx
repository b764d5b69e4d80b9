import { t } from '../i18n/index.ts';

/** A "How It Works" section: numbered step cards under an eyebrow and heading (texts given in English, shown translated). */
export const StepsSection = ({
  id,
  eyebrow,
  steps,
}: {
  id: string;
  eyebrow: string;
  steps: readonly { title: string; text: string }[];
}) => (
  <section className="section" aria-labelledby={id}>
    <div className="container">
      <div className="section-head">
        <p className="eyebrow">{t(eyebrow)}</p>
        <h2 id={id}>{t('How It Works')}</h2>
      </div>
      <ol className="steps">
        {steps.map((step, i) => (
          <li key={step.title} className="card step">
            <span className="step-number" aria-hidden="true">
              {i + 1}
            </span>
            <h3>{t(step.title)}</h3>
            <p>{t(step.text)}</p>
          </li>
        ))}
      </ol>
    </div>
  </section>
);
