import { describe, expect, it } from 'vitest';
import { englishMessage } from '../i18n';

/**
 * The validation texts the two specification files give, verbatim, with their full stops. A text given
 * alone after its condition ("Support ticket topic required: Select your topic.") keeps its full stop;
 * one the error catalogue lists without it ("One product per line") and the items of a list that one
 * full stop closes ("…; Maximum rate must be greater than standard rate.") have none.
 */
const SPECIFIED: Readonly<Record<string, string>> = {
  // account-and-billing.md §5 (quoted there)
  'validation.email.required': 'Please input your e-mail',
  'validation.password.required': 'Please input your password',
  'validation.password.confirmRequired': 'Please confirm your password',
  'validation.password.mismatch': 'The two passwords that you entered do not match',
  'validation.firstName.required': 'Please type your first name',
  'validation.phone.required': 'Please type your phone number',
  'validation.qs.required': 'Please select your answer',
  'validation.upgrade.planRequired': 'Select a plan to upgrade',
  // analysis.md §5 and §8
  'validation.report.productIdsRequired': 'One product per line',
  'validation.report.noValidId': 'There is no valid Product ID in your list',
  'validation.report.sameCountries': 'Countries should be different.',
  'validation.report.country': 'Select country.',
  'validation.inventory.title': 'Please input inventory name.',
  'validation.inventory.country': 'Please select inventories country.',
  'validation.inventory.sellType': 'Please select inventory selling type.',
  'validation.settings.handlingTime': 'Enter value',
  'validation.settings.parity': 'Enter rate.',
  'validation.settings.parityType': 'Pick type.',
  'validation.settings.commissionRate': 'Enter rate',
  'validation.settings.commissionRateType': 'Pick a rate type',
  'validation.settings.minStock': 'Enter minimum stock',
  'validation.settings.minStockAboveDefault': "Minimum stock can't be greater than default stock.",
  'validation.rules.ruleType': 'Missing rule type.',
  'validation.rules.costRange': 'Missing cost range.',
  'validation.rules.thresholdStart': 'Missing threshold start',
  'validation.rules.thresholdEnd': 'Missing threshold end',
  'validation.rules.sellerId': 'Missing seller id.',
  'validation.rules.rateType': 'Missing profit rate type.',
  'validation.rules.rate': 'Enter rate.',
  'validation.rules.stock': 'Enter stock.',
  'validation.rules.minBelowStd': 'Minimum rate must be lower than standard rate',
  'validation.rules.stdAboveMin': 'Standard rate must be greater than minimum rate',
  'validation.rules.stdBelowMax': 'Standard rate must be lower than maximum rate',
  'validation.rules.maxAboveStd': 'Maximum rate must be greater than standard rate',
  'validation.filters.tooLong': 'Your filters are too long. Please try shorten your filters.',
  'validation.filterSet.name': 'Please input filter set name.',
  'validation.support.topic': 'Select your topic.',
  'validation.support.message': 'Explain your problem.',
  'validation.exports.settingsFirst': 'Define settings first.',
  'validation.analysis.failed': 'An error occured. Please try again later.',
};

describe("the specification's validation texts", () => {
  it('are the domain’s English texts, verbatim', () => {
    const actual = Object.fromEntries(Object.keys(SPECIFIED).map((key) => [key, englishMessage(key)]));
    expect(actual).toEqual(SPECIFIED);
  });
});
