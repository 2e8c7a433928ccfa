import type { AltchaWidgetElement } from 'altcha/external';
import type { WidgetAttributes } from 'altcha/types';
import type { HTMLAttributes, Ref } from 'react';

/**
 * <altcha-widget> in JSX. React 19 passes these props to the custom element as they are; the ref is typed with the
 * element's own methods (reset, verify) so the captcha field can call them without a cast.
 */
interface AltchaWidgetProps extends WidgetAttributes, HTMLAttributes<AltchaWidgetElement> {
  ref?: Ref<AltchaWidgetElement>;
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': AltchaWidgetProps;
    }
  }
}
