// The feature request and vote bodies as the contract checks them; their messages are the
// dictionary's English texts, which fieldErrors shows as they are.
import { describe, expect, it } from 'vitest';
import { t } from '../../i18n';
import { fieldErrors } from './messages';
import { createFeatureRequestBody, featureCategoryKey, voteBody } from './feature-request';

const issueMessages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe('feature request body', () => {
  const valid = { title: 'Dark mode', description: 'Please add a dark theme.' };

  it('trims title and description, omits an empty category, defaults is_anonymous to false', () => {
    const body = createFeatureRequestBody.parse({ ...valid, title: '  Dark mode  ', category: '' });
    expect(body).toEqual({ title: 'Dark mode', description: 'Please add a dark theme.', is_anonymous: false });
    expect(JSON.stringify(body)).not.toContain('category');
  });

  it('keeps a category (trimmed, at most 50 characters) and is_anonymous', () => {
    const body = createFeatureRequestBody.parse({ ...valid, category: 'UI/UX', is_anonymous: true });
    expect(body.category).toBe('UI/UX');
    expect(body.is_anonymous).toBe(true);
    // Any category name the server lists is sent as is (the server's list may hold more than the form's).
    expect(createFeatureRequestBody.parse({ ...valid, category: ' Payments ' }).category).toBe('Payments');
    expect(createFeatureRequestBody.safeParse({ ...valid, category: 'x'.repeat(51) }).success).toBe(false);
    expect(createFeatureRequestBody.safeParse({ ...valid, category: null }).success).toBe(false);
  });

  it('needs a title of 5 to 200 characters after trimming', () => {
    expect(issueMessages(createFeatureRequestBody.safeParse({ ...valid, title: '  abcd  ' }))).toEqual([t('en', 'featureRequests.validation.titleMin')]);
    expect(createFeatureRequestBody.safeParse({ ...valid, title: 'a'.repeat(5) }).success).toBe(true);
    expect(createFeatureRequestBody.safeParse({ ...valid, title: 'a'.repeat(200) }).success).toBe(true);
    expect(issueMessages(createFeatureRequestBody.safeParse({ ...valid, title: 'a'.repeat(201) }))).toEqual([t('en', 'featureRequests.validation.titleMax')]);
  });

  it('needs a description of 10 to 2000 characters after trimming', () => {
    expect(createFeatureRequestBody.safeParse({ ...valid, description: ' 123456789 ' }).success).toBe(false);
    expect(createFeatureRequestBody.safeParse({ ...valid, description: 'x'.repeat(10) }).success).toBe(true);
    expect(createFeatureRequestBody.safeParse({ ...valid, description: 'x'.repeat(2000) }).success).toBe(true);
    expect(createFeatureRequestBody.safeParse({ ...valid, description: 'x'.repeat(2001) }).success).toBe(false);
  });

  it('gives one translated message per field for inline errors', () => {
    const result = createFeatureRequestBody.safeParse({ title: 'ab', description: 'short' });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(fieldErrors('en', result.error)).toEqual({
        title: 'Title must be at least 5 characters',
        description: 'Description must be at least 10 characters',
      });
    }
  });

  it("maps the known categories, the server's included, to dictionary keys and leaves unknown ones alone", () => {
    expect(featureCategoryKey('UI/UX')).toBe('featureRequests.category.uiUx');
    // The server's own extra categories are translated too; only an unknown one stays as it is.
    expect(featureCategoryKey('Payments')).toBe('featureRequests.category.payments');
    expect(featureCategoryKey('Quantum')).toBeNull();
  });

  it('accepts only upvote or downvote as a vote', () => {
    expect(voteBody.parse({ vote_type: 'downvote' })).toEqual({ vote_type: 'downvote' });
    expect(voteBody.safeParse({ vote_type: 'meh' }).success).toBe(false);
  });
});
