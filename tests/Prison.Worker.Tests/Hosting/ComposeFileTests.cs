using System.Text.RegularExpressions;
using Npgsql;
using Prison.ServiceDefaults;
using YamlDotNet.Core;
using YamlDotNet.RepresentationModel;

namespace Prison.Worker.Tests.Hosting;

/// <summary>
/// docker-compose.yml and the Dockerfiles are read as text: no Docker engine is needed, and a key the apps
/// would silently ignore (a typo, a renamed setting) fails here instead of in a deployment.
/// </summary>
public sealed partial class ComposeFileTests
{
    private const string RuntimeImage = "mcr.microsoft.com/dotnet/aspnet:10.0";

    private static readonly string[] ProductionKeys = ["Prison:Production", "ConnectionStrings:Prison", "Database:ApplicationRole", "RabbitMq:Host", "RabbitMq:Username", "RabbitMq:Password"];

    /// <summary>Each process's service, and the setting with which migrate names its role.</summary>
    private static readonly (string Service, string RoleKey)[] Processes = [("web", "Database:WebRole"), ("worker", "Database:WorkerRole"), ("cli", "Database:CommandLineRole")];

    private readonly string root = Repository.Root();

    [Theory]
    [InlineData("web")]
    [InlineData("worker")]
    [InlineData("migrate")]
    [InlineData("cli")]
    public void Every_environment_key_a_service_sets_is_one_the_apps_read(string service)
    {
        var ignored = EnvironmentKeys(service).Concat(Secrets(service).Values).Where(key => !PrisonSettings.Keys.Contains(key)).ToList();

        Assert.Empty(ignored);
    }

    [Theory]
    [InlineData("web")]
    [InlineData("worker")]
    [InlineData("cli")]
    public void Web_the_worker_and_the_command_line_set_the_keys_production_needs(string service)
    {
        var keys = EnvironmentKeys(service).Concat(Secrets(service).Values).ToList();

        Assert.All(ProductionKeys, key => Assert.Contains(key, keys));
    }

    [Fact]
    public void Migrate_connects_as_the_owner_and_names_each_processs_role()
    {
        var keys = EnvironmentKeys("migrate").Concat(Secrets("migrate").Values).ToList();

        Assert.All(["Prison:Production", "ConnectionStrings:PrisonOwner", .. Processes.Select(p => p.RoleKey)], key => Assert.Contains(key, keys));
        Assert.DoesNotContain("ConnectionStrings:Prison", keys);
    }

    /// <summary>No password, connection string or key-ring password is an environment variable: each is a secret file.</summary>
    [Theory]
    [InlineData("web")]
    [InlineData("worker")]
    [InlineData("migrate")]
    [InlineData("cli")]
    public void Secrets_reach_each_service_as_files_of_its_own_never_as_environment_variables(string service)
    {
        var environment = Environment(service);

        Assert.Equal("/run/secrets", environment["Prison:SecretsFolder"]);
        Assert.DoesNotContain(environment, pair => pair.Key.Contains("Password", StringComparison.OrdinalIgnoreCase) || pair.Key.StartsWith("ConnectionStrings:", StringComparison.Ordinal));
        Assert.DoesNotContain(environment.Values, value => value.Contains("Password=", StringComparison.OrdinalIgnoreCase));
        Assert.All(Secrets(service).Keys, source => Assert.True(
            source.StartsWith($"{service}-", StringComparison.Ordinal) || source is "data-protection-certificate-password" || (service == "cli" && source == "worker-rabbitmq-password"),
            $"{service} is given {source}, another service's secret."));
    }

    [Theory]
    [InlineData("web", "web/Dockerfile")]
    [InlineData("worker", "worker/Dockerfile")]
    [InlineData("migrate", "worker/Dockerfile")]
    public void Each_app_service_is_built_from_the_repository_root_with_its_Dockerfile(string service, string dockerfile)
    {
        var build = Child(Service(service), "build") ?? throw new Xunit.Sdk.XunitException($"The {service} service has no build section.");
        var (context, file) = build is YamlScalarNode scalar
            ? (scalar.Value ?? ".", "Dockerfile")
            : (Scalar(build, "context") ?? ".", Scalar(build, "dockerfile") ?? "Dockerfile");
        var contextPath = Path.GetFullPath(Path.Combine(root, context));

        Assert.Equal(Path.TrimEndingDirectorySeparator(root), Path.TrimEndingDirectorySeparator(contextPath));
        Assert.Equal(Path.GetFullPath(Path.Combine(root, dockerfile)), Path.GetFullPath(Path.Combine(contextPath, file)));
        Assert.True(File.Exists(Path.Combine(root, dockerfile)), $"{dockerfile} does not exist.");
    }

    [Fact]
    public void Web_requires_two_factors_of_every_role_unless_the_variable_says_otherwise()
    {
        var environment = (YamlMappingNode)(Child(Service("web"), "environment") ?? throw new Xunit.Sdk.XunitException("The web service has no environment."));
        var value = Scalar(environment, "SignIn__RequireTwoFactorFor") ?? string.Empty;
        var fallback = Regex.Match(value, @"^\$\{SIGN_IN_REQUIRE_TWO_FACTOR_FOR:-([^}]*)\}$");

        Assert.True(fallback.Success, value);
        Assert.Equal(Prison.Db.Identity.Roles.All, fallback.Groups[1].Value.Split(','));
    }

    [Fact]
    public void The_migrate_service_runs_the_migrate_verb_of_the_worker_image()
    {
        var migrate = Service("migrate");
        var command = Child(migrate, "command") switch
        {
            YamlScalarNode scalar => (scalar.Value ?? "").Split(' ', StringSplitOptions.RemoveEmptyEntries),
            YamlSequenceNode sequence => sequence.Children.Select(item => ((YamlScalarNode)item).Value ?? "").ToArray(),
            _ => [],
        };

        Assert.Equal(["migrate"], command);
        Assert.Equal(Scalar(Service("worker"), "image"), Scalar(migrate, "image"));
    }

    [Theory]
    [InlineData("web")]
    [InlineData("worker")]
    [InlineData("cli")]
    public void Web_and_worker_start_only_after_migrate_has_succeeded(string service)
    {
        var dependsOn = Child(Service(service), "depends_on") as YamlMappingNode
            ?? throw new Xunit.Sdk.XunitException($"The {service} service has no depends_on mapping.");
        var migrate = Child(dependsOn, "migrate") ?? throw new Xunit.Sdk.XunitException($"The {service} service does not wait for migrate.");

        Assert.Equal("service_completed_successfully", Scalar(migrate, "condition"));
    }

    /// <summary>
    /// Each process connects as its own role (its connection's secret, which deploy/secrets.sh writes for that role), checks
    /// it is that role, and is the role migrate grants that process's rights; the postgres image's script makes them all.
    /// </summary>
    [Fact]
    public void Web_the_worker_and_the_command_line_each_connect_as_a_role_of_their_own_that_migrate_grants_and_the_init_script_creates()
    {
        var migrate = Environment("migrate");
        var init = ((YamlSequenceNode)Child(Service("postgres"), "volumes")!).Children
            .Select(volume => ((YamlScalarNode)volume).Value!.Split(':'))
            .Single(parts => parts.Length >= 2 && parts[1].StartsWith("/docker-entrypoint-initdb.d/", StringComparison.Ordinal));
        var script = File.ReadAllText(Path.Combine(root, init[0]));
        var roles = Processes.Select(process => Environment(process.Service)["Database:ApplicationRole"]).ToList();

        Assert.Equal(roles.Count, roles.Distinct().Count());
        Assert.All(Processes, process =>
        {
            var role = Environment(process.Service)["Database:ApplicationRole"];
            Assert.Equal(migrate[process.RoleKey], role);
            Assert.Equal($"{process.Service}-connection", Secrets(process.Service).Single(secret => secret.Value == "ConnectionStrings:Prison").Key);
            Assert.Contains($"CREATE ROLE {role} LOGIN", script, StringComparison.Ordinal);
        });
        Assert.Equal("migrate-connection", Secrets("migrate").Single(secret => secret.Value == "ConnectionStrings:PrisonOwner").Key);
        Assert.Contains("CREATE ROLE prison_owner LOGIN", script, StringComparison.Ordinal);
        Assert.Contains("OWNER TO prison_owner;", script, StringComparison.Ordinal);
        Assert.DoesNotContain("SUPERUSER", script, StringComparison.Ordinal);
        Assert.Equal("/run/secrets/postgres-password", Scalar(Child(Service("postgres"), "environment")!, "POSTGRES_PASSWORD_FILE"));
    }

    [Theory]
    [InlineData("web")]
    [InlineData("worker")]
    [InlineData("cli")]
    public void Web_the_worker_and_the_command_line_are_not_given_the_owners_connection(string service)
    {
        Assert.DoesNotContain("ConnectionStrings:PrisonOwner", EnvironmentKeys(service).Concat(Secrets(service).Values));
    }

    /// <summary>A supported RabbitMQ whose users come from deploy/secrets.sh's definitions; web and the workers are not its administrator.</summary>
    [Fact]
    public void Web_and_the_workers_sign_in_to_a_supported_RabbitMQ_as_users_of_their_own_that_are_not_its_administrator()
    {
        var rabbit = Service("rabbitmq");
        var image = Scalar(rabbit, "image")!;
        var configuration = ((YamlSequenceNode)Child(rabbit, "volumes")!).Children.Select(volume => ((YamlScalarNode)volume).Value!.Split(':'))
            .Single(parts => parts[1].StartsWith("/etc/rabbitmq/conf.d/", StringComparison.Ordinal));
        var users = new[] { "web", "worker" }.Select(service => Environment(service)["RabbitMq:Username"]).ToList();

        Assert.Matches(@"^rabbitmq:4(\.\d+)?-management$", image);
        Assert.Contains("load_definitions = /run/secrets/rabbitmq-definitions.json", File.ReadAllText(Path.Combine(root, configuration[0])), StringComparison.Ordinal);
        Assert.Contains("rabbitmq-definitions.json", ((YamlSequenceNode)Child(rabbit, "secrets")!).Children.Select(secret => ((YamlScalarNode)secret).Value));
        Assert.Equal(["prison_web", "prison_worker"], users);
        Assert.Null(Child(rabbit, "environment"));
        Assert.Equal("RabbitMq:Password", Secrets("web")["web-rabbitmq-password"]);
        Assert.Equal("RabbitMq:Password", Secrets("worker")["worker-rabbitmq-password"]);
    }

    [Fact]
    public void No_password_is_a_variable_of_the_compose_file_or_of_the_env_example()
    {
        var text = File.ReadAllText(Path.Combine(root, "docker-compose.yml"));
        var example = File.ReadAllText(Path.Combine(root, ".env.example"));

        Assert.Empty(PasswordVariable().Matches(text));
        Assert.DoesNotContain("PASSWORD=", example, StringComparison.Ordinal);
        Assert.DoesNotContain("Password=", text, StringComparison.Ordinal);
    }

    [Fact]
    public void Every_variable_the_compose_file_reads_is_in_the_env_example_with_the_default_the_compose_file_gives_it()
    {
        var text = File.ReadAllText(Path.Combine(root, "docker-compose.yml"));
        var example = File.ReadAllText(Path.Combine(root, ".env.example"));
        var variables = Variable().Matches(text).Select(m => (Name: m.Groups[1].Value, Default: m.Groups[2].Success ? m.Groups[2].Value : null)).Distinct().ToList();

        Assert.Contains(variables, variable => variable.Name == "EDGE_SUBNET");
        Assert.All(variables, variable => Assert.Matches(
            variable.Default is null ? $"(?m)^{variable.Name}=$" : $"(?m)^# {variable.Name}={Regex.Escape(variable.Default)}$", example));
    }

    [Fact]
    public void No_service_stores_the_key_ring_unencrypted_and_web_is_given_the_certificate_that_encrypts_it()
    {
        Assert.All(new[] { "web", "worker", "migrate" }, service => Assert.DoesNotContain("DataProtection:AllowUnencryptedKeys", EnvironmentKeys(service)));
        var web = Environment("web");
        var mounts = ((YamlSequenceNode)Child(Service("web"), "volumes")!).Children.Select(volume => ((YamlScalarNode)volume).Value!.Split(':')).ToList();

        Assert.Contains(mounts, parts => parts.Length >= 2 && parts[1] == web["DataProtection:CertificatePath"]);
        Assert.Equal("DataProtection:CertificatePassword", Secrets("web")["data-protection-certificate-password"]);
    }

    [Fact]
    public void Browsers_reach_web_only_through_the_TLS_proxy_whose_forwarded_headers_web_alone_believes()
    {
        var edge = Child(Child(Root(), "networks")!, "edge")!;
        var subnet = Scalar(((YamlSequenceNode)Child(Child(edge, "ipam")!, "config")!).Children.Single(), "subnet")!;
        var services = (YamlMappingNode)Child(Root(), "services")!;
        var onEdge = services.Children
            .Where(service => Child(service.Value, "networks") switch
            {
                YamlSequenceNode list => list.Children.Any(n => ((YamlScalarNode)n).Value == "edge"),
                YamlMappingNode map => Child(map, "edge") is not null,
                _ => false,
            })
            .Select(service => ((YamlScalarNode)service.Key).Value)
            .Order(StringComparer.Ordinal);
        var proxy = Service("proxy");
        var proxyAddress = Scalar(Child(Child(proxy, "networks")!, "edge")!, "ipv4_address")!;
        var config = ((YamlSequenceNode)Child(proxy, "volumes")!).Children.Select(volume => ((YamlScalarNode)volume).Value!.Split(':'))
            .Single(parts => parts[1].StartsWith("/etc/nginx/templates/", StringComparison.Ordinal) && parts[1].EndsWith(".conf.template", StringComparison.Ordinal));
        var nginx = File.ReadAllText(Path.Combine(root, config[0]));
        var fallback = Regex.Match(proxyAddress, @"^\$\{EDGE_PROXY_ADDRESS:-([^}]*)\}$").Groups[1].Value;
        var network = System.Net.IPNetwork.Parse(Regex.Match(subnet, @":-([^}]*)\}").Groups[1].Value);

        Assert.Equal(["proxy", "web"], onEdge);
        // The proxy's own address, not the network: the network's gateway is any process on the host.
        Assert.Equal(proxyAddress, Environment("web")["ForwardedHeaders:KnownProxies"]);
        Assert.DoesNotContain("ForwardedHeaders:KnownNetworks", EnvironmentKeys("web"));
        Assert.True(network.Contains(System.Net.IPAddress.Parse(fallback)) && !fallback.EndsWith(".1", StringComparison.Ordinal), fallback);
        Assert.Null(Child(Service("web"), "ports"));
        Assert.Contains(((YamlSequenceNode)Child(proxy, "ports")!).Children, port => ((YamlScalarNode)port).Value!.EndsWith(":443", StringComparison.Ordinal));
        Assert.Contains("proxy_pass http://web:8080;", nginx, StringComparison.Ordinal);
        Assert.Contains("proxy_set_header X-Forwarded-For $remote_addr;", nginx, StringComparison.Ordinal);
        Assert.Contains("proxy_set_header X-Forwarded-Proto $scheme;", nginx, StringComparison.Ordinal);
        Assert.Contains("return 301 https://$server_name$request_uri;", nginx, StringComparison.Ordinal);
        Assert.StartsWith("${SERVER_NAME:?", Scalar(Child(proxy, "environment")!, "SERVER_NAME"), StringComparison.Ordinal);
    }

    /// <summary>
    /// Compose itself reads the file as `docker compose up` would (Debian's docker-compose, which scripts/test-servers.sh
    /// installs; `config` needs no engine), with .env.example's variables and SERVER_NAME set: it validates, and every
    /// secret file it resolves is one deploy/secrets.sh makes, readable by its owner alone.
    /// </summary>
    [Fact]
    [System.Runtime.Versioning.SupportedOSPlatform("linux")]
    public async Task Compose_validates_the_file_and_each_secret_it_names_is_a_file_deploy_secrets_sh_makes()
    {
        var folder = Directory.CreateTempSubdirectory("prison-compose-");
        try
        {
            File.Copy(Path.Combine(root, "docker-compose.yml"), Path.Combine(folder.FullName, "docker-compose.yml"));
            await File.WriteAllTextAsync(
                Path.Combine(folder.FullName, ".env"),
                Regex.Replace(await File.ReadAllTextAsync(Path.Combine(root, ".env.example")), "(?m)^SERVER_NAME=.*$", "SERVER_NAME=prison.example.org"));
            var made = await RunAsync("sh", Path.Combine(root, "deploy", "secrets.sh"), Path.Combine(folder.FullName, "deploy", "secrets"));
            Assert.True(made.ExitCode == 0, made.Output);

            var config = await RunAsync("docker-compose", "--project-directory", folder.FullName, "-f", Path.Combine(folder.FullName, "docker-compose.yml"), "config");

            Assert.True(config.ExitCode == 0, config.Output);
            var resolved = new YamlStream();
            resolved.Load(new StringReader(config.Output));
            var files = ((YamlMappingNode)Child(resolved.Documents[0].RootNode, "secrets")!).Children
                .ToDictionary(secret => ((YamlScalarNode)secret.Key).Value!, secret => Scalar(secret.Value, "file")!);
            Assert.NotEmpty(files);
            Assert.All(files, secret =>
            {
                Assert.StartsWith(Path.Combine(folder.FullName, "deploy", "secrets") + "/", secret.Value, StringComparison.Ordinal);
                Assert.True(File.Exists(secret.Value), $"{secret.Key}: {secret.Value} is not a file deploy/secrets.sh makes.");
                Assert.Equal(UnixFileMode.UserRead, File.GetUnixFileMode(secret.Value));
            });
        }
        finally
        {
            folder.Delete(recursive: true);
        }
    }

    private static async Task<(int ExitCode, string Output)> RunAsync(string program, params string[] arguments)
    {
        using var process = System.Diagnostics.Process.Start(new System.Diagnostics.ProcessStartInfo(program, arguments) { RedirectStandardOutput = true, RedirectStandardError = true })!;
        var output = process.StandardOutput.ReadToEndAsync();
        var error = process.StandardError.ReadToEndAsync();
        await process.WaitForExitAsync();
        return (process.ExitCode, await output + await error);
    }

    [Fact]
    public void Prometheus_is_given_the_alert_rules_its_configuration_names()
    {
        var mounts = ((YamlSequenceNode)Child(Service("prometheus"), "volumes")!).Children.Select(volume => ((YamlScalarNode)volume).Value!.Split(':'))
            .Where(parts => parts.Length >= 2 && parts[1].StartsWith("/etc/prometheus/", StringComparison.Ordinal))
            .ToDictionary(parts => parts[1]["/etc/prometheus/".Length..], parts => parts[0]);
        using var reader = new StreamReader(Path.Combine(root, mounts["prometheus.yml"]));
        var configuration = new YamlStream();
        configuration.Load(reader);
        var ruleFiles = ((YamlSequenceNode)Child(configuration.Documents[0].RootNode, "rule_files")!).Children.Select(file => ((YamlScalarNode)file).Value!).ToList();

        Assert.NotEmpty(ruleFiles);
        Assert.All(ruleFiles, file => Assert.True(mounts.ContainsKey(file) && File.Exists(Path.Combine(root, mounts[file])), $"{file} is not mounted beside prometheus.yml."));
    }

    [Theory]
    [InlineData("web/Dockerfile", "Prison.Web.dll")]
    [InlineData("worker/Dockerfile", "Prison.Worker.dll")]
    public void Each_Dockerfile_runs_the_published_app_on_the_ASP_NET_Core_runtime_as_a_non_root_user(string dockerfile, string assembly)
    {
        var stages = Stages(File.ReadAllText(Path.Combine(root, dockerfile)));
        var final = stages[^1];
        var copiedFrom = final.Instructions
            .Select(instruction => Regex.Match(instruction, @"^COPY\s+--from=(\S+)", RegexOptions.IgnoreCase))
            .Where(match => match.Success)
            .Select(match => match.Groups[1].Value)
            .ToList();
        var publishing = stages
            .Where(stage => stage.Instructions.Any(instruction => Regex.IsMatch(instruction, @"^RUN\s.*\bdotnet\s+publish\b", RegexOptions.IgnoreCase)))
            .Select(stage => stage.Name)
            .ToList();
        var user = final.Instructions.LastOrDefault(instruction => instruction.StartsWith("USER ", StringComparison.OrdinalIgnoreCase));

        Assert.Equal(RuntimeImage, final.Image);
        Assert.True(
            copiedFrom.Intersect(publishing).Any(),
            $"The final stage copies from [{string.Join(", ", copiedFrom)}], but the stages that run dotnet publish are [{string.Join(", ", publishing)}].");
        Assert.NotNull(user);
        Assert.DoesNotMatch(@"^USER\s+(root|0)(:|$)", user);
        Assert.Contains(final.Instructions, instruction => instruction.StartsWith("ENTRYPOINT", StringComparison.OrdinalIgnoreCase) && instruction.Contains(assembly, StringComparison.Ordinal));
    }

    [Theory]
    [InlineData("web/Dockerfile")]
    [InlineData("worker/Dockerfile")]
    public void Each_image_says_its_start_is_meant_for_production_so_that_it_never_falls_back_to_the_demo(string dockerfile)
    {
        var final = Stages(File.ReadAllText(Path.Combine(root, dockerfile)))[^1];

        Assert.Contains(final.Instructions, instruction => Regex.IsMatch(instruction, @"^ENV\s+Prison__Production=true$", RegexOptions.IgnoreCase));
    }

    private YamlMappingNode Service(string name)
    {
        var services = Child(Root(), "services") as YamlMappingNode
            ?? throw new Xunit.Sdk.XunitException("docker-compose.yml has no services mapping.");
        return Child(services, name) as YamlMappingNode ?? throw new Xunit.Sdk.XunitException($"docker-compose.yml has no {name} service.");
    }

    private YamlNode Root()
    {
        using var reader = new StreamReader(Path.Combine(root, "docker-compose.yml"));
        var stream = new YamlStream();

        // Compose files share blocks through anchors and `<<:` merge keys; YamlStream resolves only the anchors.
        stream.Load(new MergingParser(new Parser(reader)));
        return stream.Documents[0].RootNode;
    }

    /// <summary>A service's secrets: each source, and the setting its file is named after in /run/secrets (the key the apps read).</summary>
    private Dictionary<string, string> Secrets(string service) =>
        Child(Service(service), "secrets") is YamlSequenceNode secrets
            ? secrets.Children.ToDictionary(
                secret => secret is YamlScalarNode name ? name.Value! : Scalar(secret, "source")!,
                secret => (secret is YamlScalarNode name ? name.Value! : Scalar(secret, "target") ?? Scalar(secret, "source")!).Replace("__", ":", StringComparison.Ordinal))
            : [];

    /// <summary>The configuration keys a service's environment sets, as the apps read them (RabbitMq__Host is RabbitMq:Host).</summary>
    private List<string> EnvironmentKeys(string service) => [.. Environment(service).Keys];

    /// <summary>A service's environment, its keys as the apps read them.</summary>
    private Dictionary<string, string> Environment(string service)
    {
        var pairs = Child(Service(service), "environment") switch
        {
            YamlMappingNode mapping => mapping.Children.Select(pair => (((YamlScalarNode)pair.Key).Value ?? "", (pair.Value as YamlScalarNode)?.Value ?? "")),
            YamlSequenceNode list => list.Children.Select(item => (((YamlScalarNode)item).Value ?? "").Split('=', 2)).Select(parts => (parts[0], parts.Length > 1 ? parts[1] : "")),
            _ => [],
        };
        return pairs.ToDictionary(pair => pair.Item1.Replace("__", ":", StringComparison.Ordinal), pair => pair.Item2);
    }

    private static YamlNode? Child(YamlNode node, string key) =>
        node is YamlMappingNode mapping && mapping.Children.TryGetValue(new YamlScalarNode(key), out var child) ? child : null;

    private static string? Scalar(YamlNode node, string key) => (Child(node, key) as YamlScalarNode)?.Value;

    /// <summary>The Dockerfile's stages in order, each with its instructions (continuation lines joined, comments dropped).</summary>
    private static List<(string Image, string Name, List<string> Instructions)> Stages(string dockerfile)
    {
        var instructions = Regex.Replace(dockerfile, @"\\\r?\n", " ")
            .Split('\n')
            .Select(line => line.Trim())
            .Where(line => line.Length > 0 && !line.StartsWith('#'));
        var stages = new List<(string Image, string Name, List<string> Instructions)>();
        foreach (var instruction in instructions)
        {
            var from = Regex.Match(instruction, @"^FROM\s+(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?", RegexOptions.IgnoreCase);
            if (from.Success)
            {
                stages.Add((from.Groups[1].Value, from.Groups[2].Success ? from.Groups[2].Value : stages.Count.ToString(System.Globalization.CultureInfo.InvariantCulture), []));
            }
            else if (stages.Count > 0)
            {
                stages[^1].Instructions.Add(instruction);
            }
        }

        Assert.NotEmpty(stages);
        return stages;
    }

    [GeneratedRegex(@"\$\{([A-Z_]*PASSWORD[A-Z_]*)(:?[-?]|\})")]
    private static partial Regex PasswordVariable();

    /// <summary>${NAME:-default}, or ${NAME:?message} and ${NAME}, which have none.</summary>
    [GeneratedRegex(@"\$\{([A-Z_]+)(?::-([^}]*)|:\?[^}]*)?\}")]
    private static partial Regex Variable();
}
