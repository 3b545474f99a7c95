/** The body the server answers when the new email already belongs to an account (core §8). */
export const USER_EXISTS_BODY = 'User exists';
