namespace Prison.Web.Tests;
