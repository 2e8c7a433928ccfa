import { useSelector } from '@xstate/react';
import {
  brandLabel,
  selectCanAddCard,
  selectCardsLoadError,
  selectChosenCardId,
  selectConfirmingRemoveCard,
  selectRemovingCardId,
  selectSavedCards,
  selectSavedCardsActionable,
  type CardListActor,
} from '../../../machines/cards/index.ts';
import { primaryButton, secondaryButton } from '../../../styles/controls.css.ts';
import { CardPreview } from './card-preview.tsx';
import * as css from './card-tab.css.ts';
import { useShownMessage } from '../../layout/shown-message.ts';

/**
 * 'Choose a Card for Payment': ADD NEW CARD, the saved cards, Continue. Settings: 'PAYMENT METHOD' with an ADD CARD tile
 * and Remove instead of Continue (spec section 2 "Account tab").
 */
export function CardList({ actor, fromSettings }: { actor: CardListActor; fromSettings: boolean }) {
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const loadError = useShownMessage(useSelector(actor, selectCardsLoadError));
  const cards = useSelector(actor, selectSavedCards);
  const chosenId = useSelector(actor, selectChosenCardId);
  const removingId = useSelector(actor, selectRemovingCardId);
  const confirming = useSelector(actor, selectConfirmingRemoveCard);
  const canContinue = useSelector(actor, (s) => s.can({ type: 'card.continue' }));
  const canAdd = useSelector(actor, selectCanAddCard);
  const actionable = useSelector(actor, selectSavedCardsActionable);

  return (
    <section className={css.tab} aria-labelledby="card-list-title">
      <h2 id="card-list-title" className={css.title}>
        {fromSettings ? 'PAYMENT METHOD' : 'Choose a Card for Payment'}
      </h2>
      {loading && (
        <p role="status" className={css.status}>
          Loading your cards…
        </p>
      )}
      {loadError && (
        <div role="alert" className={css.error}>
          <p>{loadError}</p>
          <button type="button" className={secondaryButton} onClick={() => actor.send({ type: 'cards.retry' })}>
            Try again
          </button>
        </div>
      )}
      <div className={css.cards}>
        <button type="button" className={css.addTile} disabled={!canAdd} onClick={() => actor.send({ type: 'card.add' })}>
          {fromSettings ? 'ADD CARD' : 'ADD NEW CARD'}
        </button>
        {/* A fieldset only to disable every card (and Remove) at once while the list does not take them. */}
        <fieldset role="radiogroup" aria-label="Saved cards" className={css.contents} disabled={!actionable}>
          {cards.map((card) => (
            <div key={card.id} className={css.cardCell}>
              <CardPreview
                brand={card.brand}
                last4={card.card_no}
                expMonth={card.card_exp_month}
                expYear={card.card_exp_year}
                holder={card.name}
                chosen={card.id === chosenId}
                onChoose={() => actor.send({ type: 'card.choose', cardId: card.id })}
              />
              {fromSettings && (
                <button
                  type="button"
                  className={`${secondaryButton} ${css.removeButton}`}
                  disabled={!actionable}
                  onClick={() => actor.send({ type: 'card.remove', cardId: card.id })}
                >
                  {removingId === card.id && !confirming ? 'Removing…' : `Remove ${brandLabel(card.brand)} ending ${card.card_no}`}
                </button>
              )}
            </div>
          ))}
        </fieldset>
      </div>
      {/* Outside the fieldset, which disables the cards while the machine asks; as an address's Delete asks first. */}
      {confirming && (
        <div role="group" aria-label="Remove this card?" className={css.confirm}>
          <span>
            Remove {brandLabel(confirming.brand)} ending {confirming.card_no}?
          </span>
          <button type="button" className={primaryButton} onClick={() => actor.send({ type: 'card.remove.confirm' })}>
            Yes, remove
          </button>
          <button type="button" className={secondaryButton} onClick={() => actor.send({ type: 'card.remove.cancel' })}>
            Keep
          </button>
        </div>
      )}
      {!fromSettings && (
        <div className={css.actions}>
          <button type="button" className={primaryButton} disabled={!canContinue} onClick={() => actor.send({ type: 'card.continue' })}>
            Continue
          </button>
        </div>
      )}
    </section>
  );
}
