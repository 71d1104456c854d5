// Generated from shared/reference/cross-border.md §9 (its sources, as cited by the rule rows'
// `source`): the title and first address of each. Regenerate when the reference's list changes.

/** A source the rule rows cite: its id (S1…), title and address. */
export interface ReferenceSource {
  title: string;
  url: string | null;
}

export const REFERENCE_SOURCES: Readonly<Record<string, ReferenceSource>> = {
  S1: {
    title: 'Amazon Seller Central UK, "UK VAT on eCommerce legislation" (SF678GXLDTTTETZ)',
    url: 'https://sellercentral.amazon.co.uk/gp/help/external/help.html?itemID=SF678GXLDTTTETZ&language=en_GB',
  },
  S2: {
    title: 'gov.uk, "Changes to VAT treatment of overseas goods sold to customers from 1 January 2021"',
    url: 'https://www.gov.uk/government/publications/changes-to-vat-treatment-of-overseas-goods-sold-to-customers-from-1-january-2021',
  },
  S3: {
    title: 'Amazon Seller Forums, "Change on VAT rules for sales to UK customers"',
    url: 'https://sellercentral.amazon.com/forums/t/change-on-vat-rules-for-sales-to-uk-customers/763189',
  },
  S4: {
    title:
      'Amazon seller-support reply (reproduced on a translation site): UK prices treated as VAT-inclusive, £135 test on VAT-exclusive value',
    url: 'https://conyac.cc/questions/313822/bodies/497715/translations/1016695?locale=en',
  },
  S5: {
    title:
      'Amazon.co.uk help, "VAT-exclusive and -inclusive pricing" (nodeId 202133860) and "About VAT on sales by Amazon" (201238070)',
    url: 'https://www.amazon.co.uk/gp/help/customer/display.html?nodeId=202133860',
  },
  S6: {
    title: 'NI Business Info, "Calculating Customs charges when importing by post"',
    url: 'https://www.nibusinessinfo.co.uk/content/calculating-customs-charges-when-importing-post',
  },
  S7: {
    title: 'Deloitte, Autumn Budget 2025, "Customs duty relief for low value imports"',
    url: 'https://taxscape.deloitte.com/measures-autumn-budget-2025/customs-duty-relief-for-low-value-imports.aspx',
  },
  S8: {
    title: 'British Retail Consortium (2026), "Next steps on low value imports"',
    url: 'https://brc.org.uk/news-and-events/news/trade-logistics/2026/ungated/trade-logistics-next-steps-on-low-value-imports/',
  },
  S9: {
    title:
      'gov.uk consultation, "Reforming the customs treatment of low value imports" (launch transcript, updated 9 Jan 2026)',
    url: 'https://www.gov.uk/government/consultations/reforming-the-customs-treatment-of-low-value-imports-into-the-united-kingdom/low-value-import-reform-consultation-launch-event-transcript',
  },
  S10: {
    title: 'ATO, "GST on low value imported goods – information for operators of EDPs"',
    url: 'https://www.ato.gov.au/Business/International-tax-for-business/In-detail/GST-on-low-value-imported-goods/Information-for-operators-of-electronic-distribution-platforms/',
  },
  S11: {
    title: 'Amazon SC AU, "FAQ on Australian Low Value Imports GST" (G5QUHUE75VHSWTAZ)',
    url: 'https://sellercentral.amazon.com.au/gp/help/external/G5QUHUE75VHSWTAZ',
  },
  S12: {
    title:
      'Amazon SC AU, "Fulfilling Australian low value imports from outside of Australia" (E9ZHG4QK9NKT4AE)',
    url: 'https://sellercentral.amazon.com.au/gp/help/external/help.html?itemID=E9ZHG4QK9NKT4AE',
  },
  S13: {
    title: 'Amazon SC UK, "Australia GST on Low-Value Imports" (4BBHW7XBNS2GMWU)',
    url: 'https://sellercentral.amazon.co.uk/gp/help/external/help.html?itemID=4BBHW7XBNS2GMWU',
  },
  S14: {
    title: 'IRAS, "GST on imports of low-value goods"',
    url: 'https://www.iras.gov.sg/taxes/goods-services-tax-(gst)/gst-and-digital-economy/gst-on-imports-of-low-value-goods',
  },
  S15: {
    title: 'Sovos, "Singapore updates Low Value Goods GST policy" (Feb 2023)',
    url: 'https://sovos.com/en-gb/blog/vat/singapore-updates-low-value-goods-gst-policy',
  },
  S16: {
    title: 'Amazon Seller Forums JP, "Low Value Imported Goods GST for Singapore"',
    url: 'https://sellercentral-japan.amazon.com/seller-forums/discussions/t/205cef671d2b78bdf69cd00ba7a59165',
  },
  S17: {
    title: 'Singapore Customs, "Duties and dutiable goods"',
    url: 'https://www.customs.gov.sg/businesses/valuation-duties-taxes-and-fees/duties-and-dutiable-goods',
  },
  S18: {
    title: 'CRA, "GST/HST for digital economy businesses – supply of qualifying goods in Canada"',
    url: 'https://www.canada.ca/en/revenue-agency/services/tax/businesses/topics/gst-hst-businesses/digital-economy-gsthst/charge-collect/sales-good.html',
  },
  S19: {
    title: 'Crowe Soberman, GST/HST registration requirements (mail/courier exclusion)',
    url: 'https://crowe.com/ca/crowesoberman/insights/gst-hst-registration-requirements',
  },
  S20: {
    title: 'CBSA, "CUSMA: increase to low-value shipment thresholds"',
    url: 'https://www.cbsa-asfc.gc.ca/services/cusma-aceum/lvs-efv-eng.html',
  },
  S21: {
    title: 'CBSA Customs Notice 20-18',
    url: 'https://www.cbsa-asfc.gc.ca/publications/cn-ad/cn20-18-eng.html',
  },
  S22: {
    title: 'Government of Canada briefing, CUSMA impact on Canada Post (8 Jul 2020)',
    url: 'https://www.canada.ca/en/public-services-procurement/corporate/transparency/briefing-materials/committee-of-the-whole/2020-07-08/canada-united-states-mexico-agreement-impact-on-canada-post.html',
  },
  S23: {
    title: 'Amazon SC CA, "Canada tax and regulatory considerations" (201468400)',
    url: 'https://sellercentral.amazon.ca/gp/help/external/201468400',
  },
  S24: {
    title: 'Amazon SC CA, "Canadian sales taxes on Amazon.ca Seller Fees" (A65GGD8MR46A2WL)',
    url: 'https://sellercentral.amazon.ca/gp/help/external/help.html?itemID=A65GGD8MR46A2WL',
  },
  S25: {
    title: 'CTV News, Nova Scotia HST to 14 % on 1 Apr 2025',
    url: 'https://vancouver.ctvnews.ca/atlantic/nova-scotia/article/hst-going-down-in-nova-scotia-starting-tuesday',
  },
  S26: {
    title: 'Delmar, "Canada removes retaliatory import tariffs on many US products" (Sep 2025)',
    url: 'https://www.delmarcargo.com/resource-center/blog/canada-removes-retaliatory-import-tariffs-on-many-us-products',
  },
  S27: {
    title: 'Amazon SC MX, IVA collection page (L4Y57TR3LHGKBEH)',
    url: 'https://sellercentral.amazon.com.mx/gp/help/external/help.html?itemID=L4Y57TR3LHGKBEH',
  },
  S28: {
    title: 'Amazon Seller Forums, "Mexico Income Tax Withholding for Mexico-based resident sellers" (2020)',
    url: 'https://sellercentral.amazon.com/forums/t/mexico-income-tax-withholding-for-mexico-based-resident-sellers/633977',
  },
  S29: {
    title: 'Amazon SC, "Mexico VAT FAQ" (VAT on seller fees, XGL7XPSTNVC3L4S)',
    url: 'https://sellercentral.amazon.ca/gp/help/external/help.html?itemID=XGL7XPSTNVC3L4S',
  },
  S30: {
    title: 'LIF 2026 platform withholding: IMCP via La Voz (20 Nov 2025)',
    url: 'https://periodicolavoz.com.mx/nacion/recargos-fiscales-2026-incremento-del-40-segun-imcp/355687',
  },
  S31: {
    title: 'Amazon SC MX, "Consideraciones normativas y fiscales de México" (201812940)',
    url: 'https://sellercentral.amazon.com.mx/gp/help/external/help.html?itemID=201812940',
  },
  S32: {
    title: 'Expansión, "México cambia reglas de importación: sube aranceles de 19 % a 33.5 %" (14 Aug 2025)',
    url: 'https://expansion.mx/economia/2025/08/14/entra-en-vigor-nuevo-impuesto-temu-shein-y-aliexpress',
  },
  S33: {
    title: 'Hiperdiario (Amazon MX buyer notice, Jan 2025)',
    url: 'https://hiperdiario.com.mx/mexico/cambios-en-importaciones-avisados-amazon',
  },
  S34: {
    title: 'DAFTJ, "Sexta Resolución RGCE 2025, regla 3.7.35" (Oct 2025)',
    url: 'http://daftj.com/index.php/blog/nuevo-esquema-de-cumplimiento-para-empresas-de-mensajeria-y-paqueteria',
  },
  S35: {
    title: 'Akin Gump, USMCA de minimis (Oct 2018)',
    url: 'https://www.akingump.com/en/news-insights/the-new-united-states-mexico-canada-agreement-usmca-raises.html',
  },
  S36: {
    title: 'Punto de Vista, Mexico tariffs up to 35 % on non-FTA imports from 1 Jan 2026',
    url: 'https://revistapuntodevista.com.mx/seccion/mexico/mexico-aplicara-aranceles-de-hasta-35-a-importaciones/895069/amp',
  },
  S37: {
    title: 'EY Tax News, "Dubai reinstates former import value threshold" (15 Mar 2023)',
    url: 'https://taxnews.ey.com/news/2023-0485-dubai-reinstates-former-import-value-threshold-of-consignments',
  },
  S38: {
    title: 'Zoho (UAE import VAT calculation)',
    url: 'https://www.zoho.com/ae/books/vat/faq/imports/vat-payable-calculation-imports-uae.html',
  },
  S39: {
    title: 'UAE VAT Executive Regulation art. 27 (tax-inclusive prices)',
    url: 'https://gcctaxlaws.com/decisions/uae-indirecttax-law-vat-uaevat-8-of-2017-as-amended-ers-52-article-27-of-2017',
  },
  S40: {
    title: 'Amazon SC AE, "UAE VAT frequently asked questions" (202163020)',
    url: 'https://sellercentral.amazon.ae/gp/help/external/help.html?itemID=202163020',
  },
  S41: {
    title: 'Amazon SC, UAE VAT on selling fees (WSXGJDRLV4TWEQS)',
    url: 'https://sellercentral.amazon.es/gp/help/external/help.html?itemID=WSXGJDRLV4TWEQS&language=en_ES',
  },
  S42: {
    title: 'Amazon SC AE / AU / SG / JP, "Important information for international sellers" (G200404870)',
    url: 'https://sellercentral.amazon.ae/gp/help/external/G200404870',
  },
  S43: {
    title: 'Amazon SC AU, "Fulfilling international orders on your own" (201468500)',
    url: 'https://sellercentral.amazon.com.au/gp/help/external/help.html?itemID=201468500',
  },
  S44: {
    title: 'Amazon.com help, "Marketplace Tax Collection" (202211260)',
    url: 'https://www.amazon.com/gp/help/customer/display.html?nodeId=202211260',
  },
  S45: {
    title: 'RSM, Missouri economic nexus + marketplace facilitator from 1 Jan 2023',
    url: 'https://rsmus.com/insights/tax-alerts/2021/missouri-embraces-wayfair-all-states-to-enforce-economic-nexus.html',
  },
  S46: {
    title: 'Tax Foundation, "State sales taxes in the post-Wayfair era"',
    url: 'https://taxfoundation.org/state-remote-sales-tax-collection-wayfair/',
  },
  S47: {
    title: 'Husch Blackwell (JD Supra), EO suspending de minimis for all countries (30 Jul 2025)',
    url: 'https://production.jdsupra.com/legalnews/president-trump-issues-executive-order-2916584',
  },
  S48: {
    title:
      'EY Tax News, "Presidential Proclamation imposing 10 percent duties, and other actions" (23 Feb 2026)',
    url: 'https://taxnews.ey.com/news/2026-0491-presidential-proclamation-imposing-10-percent-duties-and-other-actions',
  },
  S49: {
    title: 'Summary of CBP interim final rules 91 FR 37789 / 37801 / 38007 (24 Jun 2026)',
    url: 'https://albawheelsup.com/trade_news/cbp-makes-it-official-de-minimis-is-gone-for-good-and-a-new-postal-entry-process-is-on-the-way/',
  },
  S50: {
    title: 'DutyClaims, "After IEEPA: Section 122 and Section 301"',
    url: 'https://www.dutyclaims.com/blog/after-ieepa-section-122-and-section-301',
  },
  S51: {
    title: 'Amazon SC DE, "VAT on Selling on Amazon fees" (201468420)',
    url: 'https://sellercentral.amazon.de/gp/help/external/help.html?itemID=201468420&language=en_DE',
  },
  S52: {
    title: 'A2X, "Amazon VAT changes for UK/EU sellers from 1 August 2024"',
    url: 'https://support.a2xaccounting.com/en/articles/9566245-amazon-vat-changes-for-uk-eu-sellers-from-1-august-2024',
  },
  S53: {
    title: 'Amazon SC, "Australia Goods and Services Tax" (GST on fees, 202146000)',
    url: 'https://sellercentral.amazon.co.uk/gp/help/external/help.html?itemID=202146000',
  },
  S54: {
    title: 'Amazon SC, Singapore GST on remote services (NLQSJBH428VYL69)',
    url: 'https://sellercentral.amazon.com/help/hub/reference/external/NLQSJBH428VYL69',
  },
  S57: {
    title: 'Amazon Seller Forums, "Digital services fee effective October 1" (2024)',
    url: 'https://sellercentral.amazon.com/seller-forums/discussions/t/4655df13-b085-4bc1-a24e-45207184dcc1',
  },
  S58: {
    title: 'AsinZen help, DSF rate table (Oct 2024)',
    url: 'https://asinzen-help.freshdesk.com/support/solutions/articles/153000242844-what-is-the-digital-services-fee-on-amazon-',
  },
  S59: {
    title: 'Valuezon / go2market, DSF update for FR/IT/ES from 20 Mar 2026',
    url: 'https://valuezon.de/en/news/adjustment-of-fees-for-digital-services/',
  },
  S60: {
    title: 'PPC Land, "Canada rescinds digital services tax" (29 Jun 2025)',
    url: 'https://ppc.land/canada-rescinds-digital-services-tax-to-advance-trade-talks-with-united-states',
  },
  S61: {
    title:
      'Amazon SC US, "Amazon Currency Converter for Sellers (ACCS): FAQ" (G200381250), current and older versions',
    url: 'https://sellercentral.amazon.com/help/hub/reference/external/G200381250',
  },
  S62: {
    title: 'Amazon SC SG, ACCS FAQ (200381250)',
    url: 'https://sellercentral.amazon.sg/gp/help/external/help.html?itemID=200381250',
  },
  S63: {
    title: 'Payoneer fee examples',
    url: 'https://savagerose.org/cs/jak%c3%a9-jsou-poplatky-payoneer39',
  },
  S64: {
    title: 'Amazon.co.uk help, "About Import Fees Deposit" (200556780)',
    url: 'https://www.amazon.co.uk/gp/help/customer/display.html?nodeId=200556780',
  },
  S65: {
    title: 'Amazon.com help, "Australia Low Value Goods and Services Tax" (GBEA6KW7PEFF682Q)',
    url: 'https://na.account.amazon.com/gp/help/customer/display.html?nodeId=GBEA6KW7PEFF682Q',
  },
  S66: {
    title:
      'Amazon Seller Forums, "Drop Shipping Policy reminder" and "Important: Drop Shipping Policy update"',
    url: 'https://sellercentral.amazon.com/forums/t/drop-shipping-policy-reminder/839620',
  },
  S67: {
    title: 'Amazon SC CA, "Default transit time for international sellers" (202115750)',
    url: 'https://sellercentral.amazon.ca/gp/help/external/202115750',
  },
  S68: {
    title: 'Amazon SC US, "Faster transit times for international sellers" (202182640)',
    url: 'https://sellercentral.amazon.com/gp/help/external/help.html?itemID=202182640',
  },
  S69: {
    title: 'Amazon SC US, shipping settings (891)',
    url: 'https://sellercentral.amazon.com/gp/help/external/help.html?itemID=891',
  },
  S70: {
    title: 'Amazon SC ES/EU, "Faster transit times for international sellers"',
    url: 'https://sellercentral.amazon.es/gp/help/external/help.html?itemID=202182640&language=en_ES',
  },
  S71: {
    title: 'Amazon SC US, "On-time delivery" (200847280)',
    url: 'https://sellercentral.amazon.com/gp/help/external/help.html?itemID=200847280',
  },
  S72: {
    title: 'Amazon SC CA/AU/JP, handling time help (200955560)',
    url: 'https://sellercentral.amazon.ca/gp/help/external/200955560',
  },
  S73: {
    title:
      'Amazon Seller Forums AU, "Update to customer returns for international sales program policy" (effective 19 Mar 2025)',
    url: 'https://sellercentral.amazon.com.au/seller-forums/discussions/t/5bf26d1b-39ed-4810-9e74-6114a0bc378f',
  },
  S74: {
    title: 'Amazon SC AU, "How are referral fees calculated?" (19211)',
    url: 'https://sellercentral.amazon.com.au/gp/help/external/help.html?itemID=19211',
  },
  S75: {
    title: 'DFAT, "Using A-UKFTA" (entry into force 31 May 2023)',
    url: 'https://dfat.gov.au/trade/agreements/not-yet-in-force/aukfta/using-ukfta-do-business-united-kingdom',
  },
  S76: {
    title: 'AP via Kayhan, "Turkey, UK reach post-Brexit free trade agreement" (29 Dec 2020)',
    url: 'http://kayhan.ir/en/news/86006',
  },
  S77: {
    title: 'WWCF, "Customs duty rates Australia" (general rate 5 %)',
    url: 'https://www.wwcf.com.au/customs-duty-rates-australia/',
  },
  S78: {
    title: 'Jones & Cosman, GST/HST rates for Amazon.ca sellers',
    url: 'https://jonescosman.com/gst-hst-registration-for-amazon-ca-non-resident-sellers.html',
  },
  S79: {
    title: 'UK Government web archive, "January 2011 VAT rise"',
    url: 'http://webarchive.nationalarchives.gov.uk/20110107223033/http:/www.direct.gov.uk/en/Nl1/Newsroom/DG_193213',
  },
  S80: {
    title:
      'Cerro Colorado Tijuana (IVA rate history; 16 % nationwide from 2014, 8 % border stimulus from 2019)',
    url: 'https://cerrocoloradotijuana.com/noticias-tijuana/se-mantendra-la-reduccion-de-iva-e-isr-en-las-fronteras/',
  },
  S81: {
    title: 'ATO, A New Tax System (GST Imposition – General) Act 1999 (rate 10 %, commencement 1 Jul 2000)',
    url: 'https://www.ato.gov.au/law/view/fulldocument?filename=PAC19990075',
  },
  S82: {
    title: 'Gulf News, "Businesses must display prices inclusive of VAT"',
    url: 'https://gulfnews.com/business/economy/vat/businesses-must-display-prices-inclusive-of-vat-1.2187508',
  },
  S83: {
    title: 'HKTDC, Mexico postal de minimis US$50 from 1 Mar 2019',
    url: 'http://economists-pick-research.hktdc.com/business-news/article/Regulatory-Alert-US/Mexico-to-Lower-De-Minimis-Threshold-for-Postal-Shipments-Effective-1-March/baus/en/1/1X300W2A/1X0AGE0U.htm',
  },
  S84: {
    title: 'Crowe UK, "Changes to Low Value Imports into the UK" (Jan 2026; clothing tariffs up to 12 %)',
    url: 'https://www.crowe.com/uk/insights/changes-to-low-value-imports-uk',
  },
  S85: {
    title: 'Amazon SC EU, Turkish VAT on selling fees (7R2LQJW49ZKLQAM)',
    url: 'https://sellercentral-europe.amazon.com/gp/help/external/help.html?itemID=7R2LQJW49ZKLQAM',
  },
  S86: {
    title: 'Digital Policy Alert / Esin, Turkey DST 7.5 % (Mar 2020)',
    url: 'https://digitalpolicyalert.org/event/2317-introduction-of-digital-service-tax-law',
  },
  S87: {
    title: 'Wise help, cross-border fees on same-currency transfers; receiving fees',
    url: 'https://wise.com/help/articles/2978013/what-are-the-fees-and-limits-for-receiving-money',
  },
  S88: {
    title: 'Amazon.com International Shipping help (archived Jan 2012, destination list)',
    url: 'http://replay.web.archive.org/web/20120107035843/http://www.amazon.com/gp/help/customer/display.html?nodeId=596184',
  },
  S89: {
    title: 'Souq/Amazon Global Store, "Import Fees Deposit" (UAE/KSA)',
    url: 'https://saudi.souq.com/sa-en/international-import-fees-deposit/c/',
  },
  S90: {
    title: 'Amazon.sg, "Amazon International Store Conditions of Sale" (202045290)',
    url: 'https://www.amazon.sg/gp/help/customer/display.html?nodeId=202045290',
  },
  S91: {
    title: 'Amazon SC UK, "Modify transit time" (202169100)',
    url: 'https://sellercentral-europe.amazon.com/gp/help/external/help.html?itemID=202169100',
  },
  S92: {
    title: 'Amazon SC AU, "Modify transit time" (202169100)',
    url: 'https://sellercentral.amazon.com.au/gp/help/external/help.html?itemID=202169100',
  },
};
