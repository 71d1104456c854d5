// What other features may use of support: the guide's articles (e.g. to link one from a page).
export { GUIDE_SLUGS, guideArticle, guideArticles, type GuideArticle } from './guide/articles';
