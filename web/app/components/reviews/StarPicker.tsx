import { useId } from 'react';
import { useT } from '../../lib/use-t';
import classes from './StarPicker.module.css';

/** Words for 1…5 stars, shown beside the picker. */
const SCORE_WORDS = ['comment.score.one', 'comment.score.two', 'comment.score.three', 'comment.score.four', 'comment.score.five'];

const STAR_PATH = 'm12 2.8 2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z';

/**
 * 1–5 stars as a group of real radio inputs: arrow keys move between them, it posts without script,
 * and CSS (`:has`) lights the stars up to the chosen or hovered one.
 */
export function StarPicker({ value, onChange, error, disabled }: { value: string; onChange: (value: string) => void; error: string | undefined; disabled: boolean }) {
  const t = useT();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className={classes.fieldset} aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined} data-testid="star-picker">
      <legend className={classes.legend}>{t('comment.form.score')}</legend>
      <div className={classes.stars}>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={classes.option}>
            <input
              type="radio"
              name="score"
              value={n}
              checked={value === String(n)}
              onChange={() => onChange(String(n))}
              disabled={disabled}
              className={classes.input}
            />
            <svg viewBox="0 0 24 24" width={32} height={32} aria-hidden="true" focusable="false">
              <path d={STAR_PATH} />
            </svg>
            <span className="bw-visually-hidden">{t('review.stars.label', { score: n })}</span>
          </label>
        ))}
        <span className={classes.chosen} aria-hidden="true">
          {SCORE_WORDS[Number(value) - 1] ? t(SCORE_WORDS[Number(value) - 1]!) : ''}
        </span>
      </div>
      {error && (
        <p id={errorId} className={classes.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
