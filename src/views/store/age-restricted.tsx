import { ageRestrictedMarkLabel } from '../../rules/age-restricted-labels.ts';
import * as css from './age-restricted.css.ts';

/** The '21+' mark on age-restricted products; role img so its name ('21 and over') is what assistive tech reads. */
export function AgeRestrictedMark() {
  return (
    <span role="img" aria-label={ageRestrictedMarkLabel} title={ageRestrictedMarkLabel} className={css.mark}>
      21+
    </span>
  );
}

/** The line saying identity verification is needed before ordering. */
export function AgeRestrictedNotice({ text }: { text: string }) {
  return <span className={css.notice}>{text}</span>;
}
