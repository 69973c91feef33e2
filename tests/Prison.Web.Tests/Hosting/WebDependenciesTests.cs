using System.Reflection;
using System.Text.Json;

namespace Prison.Web.Tests.Hosting;

/// <summary>
/// Web stands alone: what it shares with the worker comes from libraries (Prison.ServiceDefaults, Prison.Runtime), so the worker's importer and
/// command line stay out of web's process and web's project file shows what it really depends on.
/// </summary>
public class WebDependenciesTests
{
    [Fact]
    public void Web_depends_on_no_executable_and_not_on_the_worker()
    {
        var projects = ProjectsWebDependsOn();

        Assert.Contains("Prison.ServiceDefaults", projects);
        Assert.Contains("Prison.Runtime", projects);
        Assert.DoesNotContain("Prison.Worker", projects);
        Assert.DoesNotContain("Prison.Worker.Commands", projects);
        var executables = projects.Where(name => Assembly.Load(new AssemblyName(name)).EntryPoint is not null).ToList();
        Assert.True(executables.Count == 0, $"Web depends on the executable(s) {string.Join(", ", executables)}.");
    }

    [Fact]
    public void Web_is_compiled_against_no_assembly_of_the_worker()
    {
        var web = Assembly.Load(new AssemblyName("Prison.Web"));

        Assert.DoesNotContain(web.GetReferencedAssemblies(), reference => reference.Name is "Prison.Worker" or "Prison.Worker.Commands");
    }

    /// <summary>The repository's projects in web's closure, as its build wrote them in Prison.Web.deps.json (web itself left out).</summary>
    private static List<string> ProjectsWebDependsOn()
    {
        using var deps = JsonDocument.Parse(File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "Prison.Web.deps.json")));
        return
        [
            .. deps.RootElement.GetProperty("libraries").EnumerateObject()
                .Where(library => library.Value.GetProperty("type").GetString() == "project")
                .Select(library => library.Name.Split('/')[0])
                .Where(name => name != "Prison.Web"),
        ];
    }
}
