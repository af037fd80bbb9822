// The brokerage opening form's own checks, field by field, with the core's rules: every question
// answered, the legal name the verified one and the signature the legal name (without case or
// accents), a country, the declaration ticked.
import { describe, expect, it } from 'vitest';
import { openFormErrors, type OpenForm } from './brokerage';

const FILLED: OpenForm = {
  experience: 'some',
  risk_tolerance: 'medium',
  horizon: 'long',
  legal_name: 'Ana García',
  country: 'AR',
  signature: 'ana garcia',
  certified: true,
};

describe('the brokerage opening form', () => {
  it('accepts a filled form whose names match the verified one without case or accents', () => {
    expect(openFormErrors(FILLED, 'Ana Garcia')).toEqual({});
  });

  it('names each empty field', () => {
    const empty: OpenForm = { experience: '', risk_tolerance: '', horizon: '', legal_name: '', country: '', signature: '', certified: false };
    expect(openFormErrors(empty, 'Ana García')).toEqual({
      experience: 'broker.field.choose',
      risk_tolerance: 'broker.field.choose',
      horizon: 'broker.field.choose',
      legal_name: 'broker.field.legalName',
      country: 'broker.field.country',
      signature: 'broker.field.signatureEmpty',
      certified: 'broker.field.certify',
    });
  });

  it('refuses a legal name that is not the verified one, and a signature that is not the legal name', () => {
    expect(openFormErrors({ ...FILLED, legal_name: 'Ana Gómez', signature: 'Ana Gómez' }, 'Ana García')).toEqual({ legal_name: 'broker.field.legalName' });
    expect(openFormErrors({ ...FILLED, signature: 'A. García' }, 'Ana García')).toEqual({ signature: 'broker.field.signature' });
    // No verified name on record: no legal name can match.
    expect(openFormErrors(FILLED, null)).toEqual({ legal_name: 'broker.field.legalName' });
  });
});
