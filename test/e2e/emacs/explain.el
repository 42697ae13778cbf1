(defun kubeassist-explain ()
  "Show what the Job, CronJob or CSIDriver at point will do."
  (interactive)
  (let ((result (jsonrpc-request (eglot-current-server) :kubeassist/explain
                                 (list :uri (plist-get (eglot--TextDocumentIdentifier) :uri)
                                       :line (1- (line-number-at-pos))))))
    (with-current-buffer (get-buffer-create "*KubeAssist explain*")
      (erase-buffer)
      (insert (plist-get result :markdown))
      (when (fboundp 'markdown-mode) (markdown-mode))
      (display-buffer (current-buffer)))))
