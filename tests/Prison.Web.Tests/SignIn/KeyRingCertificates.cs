using System.Security.Cryptography;
using System.Security.Cryptography.X509Certificates;

namespace Prison.Web.Tests.SignIn;

/// <summary>Certificates made by the test, as an operator would make one for the key ring, written as PKCS#12 files.</summary>
public static class KeyRingCertificates
{
    /// <summary>A new self-signed RSA certificate with its private key, in a .pfx file protected by <paramref name="password"/>.</summary>
    public static string WriteWithPrivateKey(string folder, string password)
    {
        using var certificate = NewSelfSigned();
        return Write(folder, "key-ring.pfx", certificate.Export(X509ContentType.Pkcs12, password));
    }

    /// <summary>The same kind of certificate without its private key: enough to encrypt keys, never to read them back.</summary>
    public static string WriteWithoutPrivateKey(string folder, string password)
    {
        using var certificate = NewSelfSigned();
        using var publicOnly = X509CertificateLoader.LoadCertificate(certificate.RawData);
        return Write(folder, "public-only.pfx", publicOnly.Export(X509ContentType.Pkcs12, password));
    }

    private static X509Certificate2 NewSelfSigned()
    {
        using var key = RSA.Create(2048);
        var request = new CertificateRequest("CN=prison-dashboard key ring (test)", key, HashAlgorithmName.SHA256, RSASignaturePadding.Pkcs1);
        return request.CreateSelfSigned(DateTimeOffset.UtcNow.AddDays(-1), DateTimeOffset.UtcNow.AddYears(1));
    }

    private static string Write(string folder, string name, byte[] pkcs12)
    {
        var path = Path.Combine(folder, name);
        File.WriteAllBytes(path, pkcs12);
        return path;
    }
}
