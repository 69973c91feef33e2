using Prison.Web.App;
using Prison.ServiceDefaults;

try
{
    await using var app = await WebApp.BuildAsync(args);
    await app.RunAsync();
    return 0;
}
catch (StartupException error)
{
    await Console.Error.WriteLineAsync(error.Message);
    return 1;
}
