// No zod here: the customer pages and the back-office read these tables to show the actions.

/** Who acts on an item: the customer, the provider's staff, or the system (an offer's expiry). */
export type WorkflowSide = 'customer' | 'staff' | 'system';
/** Whose turn it is: the side that must act next; null once the item is closed. */
export type Turn = 'customer' | 'provider' | null;

export interface WorkflowTransition<State extends string, Action extends string> {
  action: Action;
  by: WorkflowSide;
  from: readonly State[];
  to: State;
}

export interface Workflow<State extends string, Action extends string> {
  states: readonly State[];
  /** Whose turn each state leaves it to; null for a closed item. */
  turn: Record<State, Turn>;
  transitions: readonly WorkflowTransition<State, Action>[];
}

export const refillRequestStatuses = [
  'submitted',
  'confirmed',
  'scheduled',
  'delivered',
  'cancelled',
] as const;
export type RefillRequestStatus = (typeof refillRequestStatuses)[number];
export const refillRequestActions = ['confirm', 'schedule', 'deliver', 'cancel'] as const;
export type RefillRequestAction = (typeof refillRequestActions)[number];

/**
 * A refill request: staff confirm it with a delivery date, schedule it, deliver it; the customer
 * may cancel it while it is only submitted, staff until it is delivered (with a reason).
 */
export const refillRequestWorkflow: Workflow<RefillRequestStatus, RefillRequestAction> = {
  states: refillRequestStatuses,
  turn: {
    submitted: 'provider',
    confirmed: 'provider',
    scheduled: 'provider',
    delivered: null,
    cancelled: null,
  },
  transitions: [
    { action: 'confirm', by: 'staff', from: ['submitted'], to: 'confirmed' },
    { action: 'schedule', by: 'staff', from: ['confirmed'], to: 'scheduled' },
    { action: 'deliver', by: 'staff', from: ['scheduled'], to: 'delivered' },
    { action: 'cancel', by: 'customer', from: ['submitted'], to: 'cancelled' },
    {
      action: 'cancel',
      by: 'staff',
      from: ['submitted', 'confirmed', 'scheduled'],
      to: 'cancelled',
    },
  ],
};

/**
 * A refill request has a delivery note once confirmed (drums to deliver) and once delivered
 * (drums delivered); a submitted request will have one once confirmed; a cancelled one never.
 */
export const deliveryNoteDocumentStatuses: readonly string[] = [
  'confirmed',
  'scheduled',
  'delivered',
];

export const quoteStatuses = [
  'requested',
  'in_review',
  'offered',
  'accepted',
  'declined',
  'expired',
  'withdrawn',
] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];

/** A quote's offer is a document (a PDF) while it can be accepted, and once it was. */
export const quoteOfferDocumentStatuses: readonly string[] = ['offered', 'accepted'];

export const quoteActions = [
  'review',
  'offer',
  'accept',
  'decline',
  'expire',
  'withdraw',
  'requote',
] as const;
export type QuoteAction = (typeof quoteActions)[number];

/**
 * A quote: staff take it in review and make an offer (prices, discount, validity); the customer
 * accepts it with a PO number (it becomes an order) or declines it; an offer past its validity
 * expires; the customer may withdraw a request not yet offered. An expired or declined quote can
 * be asked again by the customer, or offered again by staff.
 */
export const quoteWorkflow: Workflow<QuoteStatus, QuoteAction> = {
  states: quoteStatuses,
  turn: {
    requested: 'provider',
    in_review: 'provider',
    offered: 'customer',
    accepted: null,
    declined: null,
    expired: null,
    withdrawn: null,
  },
  transitions: [
    { action: 'review', by: 'staff', from: ['requested'], to: 'in_review' },
    { action: 'offer', by: 'staff', from: ['requested', 'in_review', 'offered'], to: 'offered' },
    { action: 'accept', by: 'customer', from: ['offered'], to: 'accepted' },
    { action: 'decline', by: 'customer', from: ['offered'], to: 'declined' },
    { action: 'expire', by: 'system', from: ['offered'], to: 'expired' },
    { action: 'withdraw', by: 'customer', from: ['requested', 'in_review'], to: 'withdrawn' },
    { action: 'requote', by: 'customer', from: ['expired', 'declined'], to: 'requested' },
    { action: 'requote', by: 'staff', from: ['expired', 'declined'], to: 'in_review' },
  ],
};

export const collectionStatuses = ['requested', 'scheduled', 'collected', 'cancelled'] as const;
export type CollectionStatus = (typeof collectionStatuses)[number];
export const collectionActions = ['schedule', 'collect', 'cancel'] as const;
export type CollectionAction = (typeof collectionActions)[number];

/**
 * The collection of an empty drum the customer released: staff schedule it with a pickup date,
 * then mark it collected (the drum leaves the account and its rent stops that day); the customer
 * may cancel it while it is only requested, staff until it is collected (with a reason).
 */
export const collectionWorkflow: Workflow<CollectionStatus, CollectionAction> = {
  states: collectionStatuses,
  turn: { requested: 'provider', scheduled: 'provider', collected: null, cancelled: null },
  transitions: [
    { action: 'schedule', by: 'staff', from: ['requested'], to: 'scheduled' },
    { action: 'collect', by: 'staff', from: ['scheduled'], to: 'collected' },
    { action: 'cancel', by: 'customer', from: ['requested'], to: 'cancelled' },
    { action: 'cancel', by: 'staff', from: ['requested', 'scheduled'], to: 'cancelled' },
  ],
};

export type TransitionCheck<State extends string> =
  | { outcome: 'apply'; to: State }
  /** The item is already where this action leads: a replay, answered without a change. */
  | { outcome: 'replay'; to: State }
  | { outcome: 'refused' };

/**
 * Whether `side` may take `action` on an item in `current`. An action whose target is the
 * current state is a replay (answered as it was, nothing written) when the action could lead
 * there; the offer is the exception, as staff may revise an offer that stands.
 */
export function checkTransition<State extends string, Action extends string>(
  workflow: Workflow<State, Action>,
  current: State,
  action: Action,
  side: WorkflowSide,
): TransitionCheck<State> {
  const candidates = workflow.transitions.filter((t) => t.action === action && t.by === side);
  const allowed = candidates.find((t) => t.from.includes(current));
  if (allowed) return { outcome: 'apply', to: allowed.to };
  const replayed = candidates.find((t) => t.to === current);
  if (replayed) return { outcome: 'replay', to: current };
  return { outcome: 'refused' };
}

/** The actions `side` may take on an item in `current` (the buttons to show). */
export function availableActions<State extends string, Action extends string>(
  workflow: Workflow<State, Action>,
  current: State,
  side: WorkflowSide,
): Action[] {
  return [
    ...new Set(
      workflow.transitions
        .filter((t) => t.by === side && t.from.includes(current))
        .map((t) => t.action),
    ),
  ];
}

export const workItemKinds = ['refill_request', 'quote', 'collection'] as const;
export type WorkItemKind = (typeof workItemKinds)[number];

/**
 * The lifecycle of each kind of item: the server enforces it, and both sides' screens read from
 * it the states and the actions to show.
 */
export const workflowOf = {
  refill_request: refillRequestWorkflow,
  quote: quoteWorkflow,
  collection: collectionWorkflow,
} as const;

/** The actions the customer may take on an item of `kind` in `status` (the controls to show). */
export function customerActions<Kind extends WorkItemKind>(
  kind: Kind,
  status: (typeof workflowOf)[Kind]['states'][number],
): Array<(typeof workflowOf)[Kind]['transitions'][number]['action']> {
  return availableActions(
    workflowOf[kind] as Workflow<string, string>,
    status,
    'customer',
  ) as Array<(typeof workflowOf)[Kind]['transitions'][number]['action']>;
}

/** What the customer may do with an item besides moving it along its lifecycle. */
export const customerFollowUpActions = ['orderAgain'] as const;
export type CustomerFollowUpAction = (typeof customerFollowUpActions)[number];

/**
 * The states from which the customer may take each follow-up: order the same again (a new item
 * with the same lines, the item itself unchanged) once a request was delivered or an offer
 * accepted.
 */
export const customerFollowUpsOf = {
  refill_request: { orderAgain: ['delivered'] },
  quote: { orderAgain: ['accepted'] },
  collection: { orderAgain: [] },
} as const satisfies {
  [Kind in WorkItemKind]: Record<
    CustomerFollowUpAction,
    readonly (typeof workflowOf)[Kind]['states'][number][]
  >;
};

/** The follow-ups the customer may take on an item of `kind` in `status` (the controls to show). */
export function customerFollowUps(kind: WorkItemKind, status: string): CustomerFollowUpAction[] {
  const table: Record<CustomerFollowUpAction, readonly string[]> = customerFollowUpsOf[kind];
  return customerFollowUpActions.filter((action) => table[action].includes(status));
}

/**
 * The colour meaning of a status, drawn as its badge beside its word: waiting on someone
 * (pending), taken in hand (info), booked for a day (progress), the customer's turn (attention),
 * done (success), stopped by a person (danger), closed without an outcome (closed).
 */
export type StatusTone =
  'pending' | 'info' | 'progress' | 'attention' | 'success' | 'danger' | 'closed';

/**
 * The tone of every state of every lifecycle, in one place for both sides' screens. Within one
 * lifecycle no two states share a tone, except the closed ones that share an outcome.
 */
export const statusToneOf = {
  refill_request: {
    submitted: 'pending',
    confirmed: 'info',
    scheduled: 'progress',
    delivered: 'success',
    cancelled: 'danger',
  },
  quote: {
    requested: 'pending',
    in_review: 'info',
    offered: 'attention',
    accepted: 'success',
    declined: 'danger',
    expired: 'closed',
    withdrawn: 'closed',
  },
  collection: {
    requested: 'pending',
    scheduled: 'progress',
    collected: 'success',
    cancelled: 'danger',
  },
} as const satisfies {
  [Kind in WorkItemKind]: Record<(typeof workflowOf)[Kind]['states'][number], StatusTone>;
};

/** The tone of `status` of an item of `kind`; a status this side does not know yet is pending. */
export function statusTone(kind: WorkItemKind, status: string): StatusTone {
  const tones: Record<string, StatusTone> = statusToneOf[kind];
  return tones[status] ?? 'pending';
}

/**
 * The actions that stop or undo an item, a membership or an access: drawn in the danger tone and
 * taken only after a confirmation. Every other action is drawn in the primary tone.
 */
export const destructiveActions = [
  'cancel',
  'decline',
  'withdraw',
  'suspend',
  'remove',
  'revoke',
  'reject',
  'delete',
  'discard',
] as const;
export type DestructiveAction = (typeof destructiveActions)[number];

/** Whether an action stops or undoes something (its button is red and asks a confirmation). */
export function isDestructiveAction(action: string): action is DestructiveAction {
  return (destructiveActions as readonly string[]).includes(action);
}
