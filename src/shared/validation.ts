// The forms' validation, all in one import: the forms' schemas of ./schemas (the support ticket
// modals', the New Transaction form's) with the messages they are shown with, and the login's phone
// and code rules (plain functions in ./phone: the login page's first load carries no zod),
// re-exported.
export * from './schemas/messages';
export * from './schemas/support-ticket';
export * from './schemas/transaction';
export * from './voting';
export * from './phone';
