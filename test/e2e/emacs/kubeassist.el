;; KubeAssist in Emacs with Eglot (built in since Emacs 29; the elpa-eglot package on Emacs 28).
(require 'eglot)
(add-to-list 'eglot-server-programs
             `(yaml-mode . ("node" ,(or (getenv "KUBEASSIST_SERVER")
                                        (expand-file-name "~/kubeassist/dist/server.js"))
                            "--stdio")))
(add-hook 'yaml-mode-hook #'eglot-ensure)
